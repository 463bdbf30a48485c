#!/usr/bin/env bash
# Reproduces the Dockerfile's final stage without Docker: a fresh directory holding
# only the build output and production dependencies, started as the image's CMD
# starts it, checked on / and /healthz, stopped with SIGTERM, expecting a clean exit.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The image runs node:24-slim; this reproduction runs on the host's Node: say which.
# --built: use the build as it is (`npm test` builds once for this and the e2e tests).
# BUILD_OUT (default dist) is where the build is, as for `npm run build` and the e2e tests.
out="${BUILD_OUT:-dist}"
echo "smoke: running on Node $(node --version) (the Docker image uses node:24-slim)"
if [ "${1:-}" = "--built" ]; then
  [ -f "$out/server/index.js" ] && [ -d "$out/client" ] || { echo "smoke: FAIL --built, but there is no build in $out/ (npm run build)"; exit 1; }
  echo "smoke: using the build in $out/"
else
  echo "smoke: building"
  npm run build >/dev/null
fi

stage=$(mktemp -d)
pgroot=""
pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  # Only the server this script started: `kill 0` would signal the script's whole process group.
  if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; fi
  if [ -n "$pgroot" ]; then pg "$pgbin/pg_ctl" -D "$pgroot/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$pgroot"; fi
  rm -rf "$stage"
}
trap cleanup EXIT
cp package.json package-lock.json "$stage/"
cp -r "$out" "$stage/dist"
echo "smoke: installing production dependencies only in $stage"
(cd "$stage" && npm ci --omit=dev --no-audit --no-fund --loglevel=error >/dev/null)
if [ -d "$stage/node_modules/vite" ] || [ -d "$stage/node_modules/vitest" ]; then
  echo "smoke: FAIL dev dependencies were installed"; exit 1
fi

port=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")

# Production needs PostgreSQL (DATABASE_URL): a throw-away cluster on a free port.
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)
[ -x "$pgbin/initdb" ] || { echo "smoke: FAIL PostgreSQL is not installed (apt-get install postgresql)"; exit 1; }
pgroot=$(mktemp -d)
[ "$(id -u)" = 0 ] && chown postgres: "$pgroot"
pgport=$(node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})")
pg "$pgbin/initdb" -D "$pgroot/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
pg "$pgbin/pg_ctl" -D "$pgroot/data" -o "-p $pgport -k $pgroot -c listen_addresses=127.0.0.1 -c fsync=off" -l "$pgroot/log" -w start >/dev/null
pg "$pgbin/createdb" -h 127.0.0.1 -p "$pgport" -U postgres clinic
database_url="postgres://postgres@127.0.0.1:$pgport/clinic"
log="$stage/server.log"
# Production needs real identity settings; these placeholders are never contacted
# because the smoke test sends no session cookie.
project=smoke-test-project
sa_json=$(node tests/support/placeholder-firebase.mjs FIREBASE_SERVICE_ACCOUNT_JSON "$project")
(cd "$stage" && exec env -i PATH="$PATH" HOME="$stage" NODE_ENV=production PORT="$port" \
  FIREBASE_PROJECT_ID="$project" \
  FIREBASE_WEB_API_KEY=placeholder-web-api-key \
  FIREBASE_AUTH_DOMAIN="$project.firebaseapp.com" \
  FIREBASE_SERVICE_ACCOUNT_JSON="$sa_json" \
  DATABASE_URL="$database_url" \
  FORM_KEY_SECRET="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))')" \
  BOOKING_SECRET="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))')" \
  INTAKE_KEK="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64"))')" \
  SHUTDOWN_DRAIN_MS=200 node dist/server/index.js >"$log" 2>&1) &
pid=$!

fail() { echo "smoke: FAIL $1"; cat "$log"; exit 1; }
# Until it answers (or exits): its start migrates the database, slow on a loaded machine.
for _ in $(seq 1 900); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || fail "the server exited before /healthz answered"
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/healthz" | grep -q '"ok"' || fail "/healthz"
curl -fsS "http://127.0.0.1:$port/readyz" | grep -q '"ready"' || fail "/readyz (database)"
grep -q '"migration applied"' "$log" || fail "migrations did not run at start"
home=$(curl -sS -w '\n%{http_code}' "http://127.0.0.1:$port/")
[ "$(tail -n1 <<<"$home")" = "200" ] || fail "/ status"
grep -q 'Make Appointment' <<<"$home" || fail "/ content"
grep -q '/assets/entry-' <<<"$home" || fail "/ assets"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/no-such-page")
[ "$status" = "404" ] || fail "404 status ($status)"
asset=$(grep -o '/assets/entry-[^"]*\.js' <<<"$home" | head -n1)
curl -sSI "http://127.0.0.1:$port$asset" | grep -qi 'cache-control: public, max-age=31536000, immutable' || fail "immutable caching of $asset"
br_headers=$(curl -sSI -H 'Accept-Encoding: gzip, deflate, br' "http://127.0.0.1:$port$asset")
grep -qi 'content-encoding: br' <<<"$br_headers" || fail "the build's brotli copy of $asset"
grep -qi 'cache-control: public, max-age=31536000, immutable' <<<"$br_headers" || fail "immutable caching of $asset (brotli)"

kill -TERM "$pid"
code=0
wait "$pid" || code=$?
[ "$code" = "0" ] || fail "exit code after SIGTERM was $code"
grep -q '"shutting down"' "$log" || fail "no graceful shutdown log"
grep -q '"store closed"' "$log" || fail "store not closed on shutdown"
echo "smoke: PASS on Node $(node --version) (/, /healthz, /readyz on PostgreSQL, 404, immutable assets and their brotli copies, clean exit on SIGTERM)"
