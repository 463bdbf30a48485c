// A stand-in for `firebase emulators:start --only auth --config FILE` (scripts/auth-emulator.mjs's
// own tests): listens on the auth port the config names and answers the readiness probe, nothing more.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const config = JSON.parse(readFileSync(process.argv[process.argv.indexOf('--config') + 1], 'utf8'));
createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ authEmulator: { ready: true } }));
}).listen(config.emulators.auth.port, '127.0.0.1', () => console.log('All emulators ready!'));
process.on('SIGTERM', () => process.exit(0));
