// React's production build in a process whose NODE_ENV is not 'production' (ADR 0039, "React
// as in production"). React picks its build from NODE_ENV when it is first required; the tests
// run the app with NODE_ENV=test (its config: the Auth Emulator, no DATABASE_URL required), which
// would load React's development build: every element then captures a stack for its owner
// (React 19), and a page's render costs two to three times the CPU of production's. Loaded
// first (`node --import` for a server process, a setup file of the integration workers), this
// file requires React's server-side entry points with NODE_ENV=production and puts NODE_ENV
// back: every later `require`/`import` of them gets these cached modules, and the app's config
// still reads NODE_ENV=test. What the pages render is what production renders; React's development
// warnings are not printed, as production does not print them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const mode = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
try {
  for (const id of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(id);
} finally {
  if (mode === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = mode;
}
