import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL 15+ cluster from Debian's packages (initdb + pg_ctl in a
 * temp dir, a free port, its socket in that dir), or returns null when none is installed.
 * `fast` turns off fsync (tests); without it the server is durable like production (benchmarks).
 */
/**
 * @param {{ fast?: boolean }} [options]
 * @returns {Promise<import('./postgres-cluster.d.mts').PostgresCluster | null>}
 */
export async function startPostgresCluster(options = {}) {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map(Number) : [];
  const version = versions
    .filter((v) => v >= 15 && existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))
    .sort((a, b) => b - a)[0];
  const bin = version ? `/usr/lib/postgresql/${version}/bin` : undefined;
  if (!bin) return null;
  const root = mkdtempSync(path.join(tmpdir(), 'clinic-pg-'));
  const isRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: then the cluster belongs to the postgres user.
  /** @param {string} cmd @param {string[]} args */
  const as = async (cmd, args) => (isRoot ? run('runuser', ['-u', 'postgres', '--', cmd, ...args]) : run(cmd, args));
  if (isRoot) {
    const pw = await run('id', ['-u', 'postgres']);
    const gid = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(pw.stdout), Number(gid.stdout));
  }
  const data = path.join(root, 'data');
  const port = await freePort();
  await as(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const fast = options.fast ? ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off' : '';
  const opts = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
  await as(path.join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
  const stop = async () => {
    // CPU_LOG (tests/support/cpu-per-file.ts): the server's CPU-seconds, its own and its ended backends'.
    if (process.env.CPU_LOG) {
      try {
        const pid = readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0];
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / 100);
        appendFileSync(process.env.CPU_LOG, `${JSON.stringify({ file: 'POSTGRES', self: utime + stime, kids: cutime + cstime })}\n`);
      } catch {
        // no such process any more: nothing to record
      }
    }
    await as(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(root, { recursive: true, force: true });
  };
  // For an 'exit' handler, where nothing asynchronous runs any more.
  const stopSync = () => {
    const [cmd, ...args] = [path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
    try {
      if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'ignore' });
      else execFileSync(cmd, args, { stdio: 'ignore' });
    } catch {
      // already stopped
    }
    rmSync(root, { recursive: true, force: true });
  };
  /** @param {string} name */
  const createDatabase = async (name) => {
    await as(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  };
  return { url: `postgres://postgres@127.0.0.1:${port}`, stop, stopSync, createDatabase };
}
