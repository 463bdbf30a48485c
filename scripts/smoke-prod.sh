#!/usr/bin/env bash
# Reproduces the Dockerfile's final stage without Docker: a fresh directory holding
# only the build output and production dependencies, started as the image's CMD
# starts it, checked on / and /healthz, stopped with SIGTERM, expecting a clean exit.
set -euo pipefail
cd "$(dirname "$0")/.."

# The image runs node:24-slim; this reproduction runs on the host's Node: say which.
echo "smoke: running on Node $(node --version) (the Docker image uses node:24-slim)"
echo "smoke: building"
npm run build >/dev/null

stage=$(mktemp -d)
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$stage"' EXIT
cp package.json package-lock.json "$stage/"
cp -r dist "$stage/dist"
echo "smoke: installing production dependencies only in $stage"
(cd "$stage" && npm ci --omit=dev --no-audit --no-fund --loglevel=error >/dev/null)
if [ -d "$stage/node_modules/vite" ] || [ -d "$stage/node_modules/vitest" ]; then
  echo "smoke: FAIL dev dependencies were installed"; exit 1
fi

port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
log="$stage/server.log"
# Production needs real identity settings; these placeholders are never contacted
# because the smoke test sends no session cookie.
project=smoke-test-project
sa_json=$(node scripts/placeholder-firebase.mjs FIREBASE_SERVICE_ACCOUNT_JSON "$project")
(cd "$stage" && exec env -i PATH="$PATH" HOME="$stage" NODE_ENV=production PORT="$port" \
  FIREBASE_PROJECT_ID="$project" \
  FIREBASE_WEB_API_KEY=placeholder-web-api-key \
  FIREBASE_AUTH_DOMAIN="$project.firebaseapp.com" \
  FIREBASE_SERVICE_ACCOUNT_JSON="$sa_json" \
  SHUTDOWN_DRAIN_MS=200 node dist/server/index.js >"$log" 2>&1) &
pid=$!

for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done

fail() { echo "smoke: FAIL $1"; cat "$log"; exit 1; }
curl -fsS "http://127.0.0.1:$port/healthz" | grep -q '"ok"' || fail "/healthz"
curl -fsS "http://127.0.0.1:$port/readyz" | grep -q '"ready"' || fail "/readyz"
home=$(curl -sS -w '\n%{http_code}' "http://127.0.0.1:$port/")
[ "$(tail -n1 <<<"$home")" = "200" ] || fail "/ status"
grep -q 'Make Appointment' <<<"$home" || fail "/ content"
grep -q '/assets/entry-' <<<"$home" || fail "/ assets"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/no-such-page")
[ "$status" = "404" ] || fail "404 status ($status)"
asset=$(grep -o '/assets/entry-[^"]*\.js' <<<"$home" | head -n1)
curl -sSI "http://127.0.0.1:$port$asset" | grep -qi 'cache-control: public, max-age=31536000, immutable' || fail "immutable caching of $asset"

kill -TERM "$pid"
code=0
wait "$pid" || code=$?
[ "$code" = "0" ] || fail "exit code after SIGTERM was $code"
grep -q '"shutting down"' "$log" || fail "no graceful shutdown log"
echo "smoke: PASS on Node $(node --version) (/, /healthz, /readyz, 404, immutable assets, clean exit on SIGTERM)"
