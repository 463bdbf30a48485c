// `npm run staff -- grant EMAIL [--role admin|editor|staff | --admin] [--practitioner ID | --no-practitioner] [--create]`,
// `revoke EMAIL`, `list`: who may use which part of /staff (shared/platform/roles.ts), and which
// member of staff is which practitioner (they read their own patients' new-patient forms).
// Uses the same Firebase settings as the server; with none, the Auth Emulator that `npm run dev`
// started (recorded in DATA_DIR/auth-emulator.json).
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig, type Config } from '../config';
import { createAdminAuth } from '../../platform/session/firebase';
import { readEmulatorRecord } from '../../accounts/emulator-file';
import { grantRole, listStaff, revokeRole } from '../../accounts/roles';
import { isPractitionerId, isRole, ROLES, type Role } from '../../../shared/platform/roles';
import { clinicSeed } from '../../clinic/seed';

const USAGE = `Usage:
  npm run staff -- grant EMAIL [--role ROLE] [--practitioner ID] [--create]
                                                         give a user a role (staff unless --role says otherwise)
  npm run staff -- revoke EMAIL                          take the role away and end their sessions
  npm run staff -- list                                  everyone with a role
Roles: staff (the front desk: inbox, calendar, plans, personal data), editor (the site's content),
admin (everything; --admin is short for --role admin).
--practitioner ID: this member of staff is that practitioner (their id as on /staff/plans, e.g.
adaeze-okafor): they read the new-patient forms of their own patients. --no-practitioner unlinks.
--create (Auth Emulator only): create the user with a generated password when missing.`;

const FIREBASE_KEYS = ['FIREBASE_AUTH_EMULATOR_HOST', 'FIREBASE_PROJECT_ID', 'FIREBASE_WEB_API_KEY', 'FIREBASE_AUTH_DOMAIN', 'FIREBASE_SERVICE_ACCOUNT_JSON'];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server's configuration; without Firebase settings, the running `npm run dev`'s emulator. */
function configure(): Config {
  const env = { ...process.env };
  if (!FIREBASE_KEYS.some((k) => env[k])) {
    const dataDir = env.DATA_DIR || '.data';
    const record = readEmulatorRecord(dataDir);
    if (!record) {
      fail(
        `No identity service: no Firebase settings in the environment and no running Auth Emulator recorded in ${dataDir}/auth-emulator.json.\n` +
          'Start the site with `npm run dev` (it starts the emulator) and run this again in another terminal, or set the Firebase variables as for the server.',
      );
    }
    if (record.pid && !isAlive(record.pid)) fail(`${dataDir}/auth-emulator.json names a \`npm run dev\` (pid ${record.pid}) that is no longer running: start it again.`);
    env.FIREBASE_AUTH_EMULATOR_HOST = record.host;
    env.FIREBASE_PROJECT_ID = record.projectId;
  }
  // The roles command needs no database: production's DATABASE_URL check must not stop it.
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL) env.DATABASE_URL = 'postgres://unused/unused';
  try {
    return loadConfig(env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
}

/** `--role editor` or `--role=editor`, the other flags, and the rest. */
function parseArgs(args: string[]): { flags: Set<string>; role: string | undefined; practitioner: string | undefined; positional: string[] } {
  const flags = new Set<string>();
  const positional: string[] = [];
  let role: string | undefined;
  let practitioner: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--role') role = args[++i] ?? '';
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else if (arg === '--practitioner') practitioner = args[++i] ?? '';
    else if (arg.startsWith('--practitioner=')) practitioner = arg.slice('--practitioner='.length);
    else if (arg.startsWith('--')) flags.add(arg);
    else positional.push(arg);
  }
  return { flags, role, practitioner, positional };
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { flags, role: roleOption, practitioner, positional } = parseArgs(rest);
  const [email] = positional;
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) fail(USAGE);
  for (const flag of flags) if (!['--admin', '--create', '--no-practitioner'].includes(flag)) fail(`Unknown option ${flag}\n${USAGE}`);
  if (practitioner !== undefined && !isPractitionerId(practitioner)) fail(`Not a practitioner id: ${practitioner || '(none)'} (lower-case letters, digits and hyphens, e.g. adaeze-okafor).\n${USAGE}`);
  if (practitioner !== undefined && flags.has('--no-practitioner')) fail(`--practitioner and --no-practitioner disagree.\n${USAGE}`);
  const link = practitioner ?? (flags.has('--no-practitioner') ? null : undefined);
  if (roleOption !== undefined && !isRole(roleOption)) fail(`Unknown role ${roleOption || '(none)'}: choose one of ${ROLES.join(', ')}.\n${USAGE}`);
  if (roleOption !== undefined && flags.has('--admin') && roleOption !== 'admin') fail(`--admin and --role ${roleOption} disagree.\n${USAGE}`);
  const role: Role = flags.has('--admin') ? 'admin' : ((roleOption as Role | undefined) ?? 'staff');

  const config = configure();
  if (config.auth.mode === 'unavailable') fail(config.auth.reason);
  const handle = createAdminAuth(config.auth)!;
  const where = config.auth.mode === 'emulator' ? `Auth Emulator ${config.auth.emulatorHost}, project ${config.auth.projectId}` : `Firebase project ${config.auth.projectId}`;
  try {
    if (command === 'list') {
      const members = await listStaff(handle.full);
      if (!members.length) console.log(`Nobody has a role yet (${where}).`);
      for (const m of members) console.log(`${m.role.padEnd(6)}  ${m.email ?? '(no e-mail)'}  ${m.displayName ?? ''}  ${m.uid}${m.practitionerId ? `  practitioner ${m.practitionerId}` : ''}`);
      return;
    }
    if (command === 'grant') {
      if (flags.has('--create')) {
        if (config.auth.mode !== 'emulator') fail('--create works only with the Auth Emulator: on a real project, people register themselves first.');
        const exists = await handle.full.getUserByEmail(email!).then(() => true, () => false);
        if (!exists) {
          const password = randomBytes(9).toString('base64url');
          await handle.full.createUser({ email: email!, password, displayName: email!.split('@')[0] });
          console.log(`Created ${email} with the password ${password} (emulator only; change it at /login → Forgot password).`);
        }
      }
      const member = await grantRole(handle.full, email!, role, link);
      const linked = member.practitionerId ? `, linked to the practitioner ${member.practitionerId}` : '';
      console.log(`${member.email} is now ${role}${linked} (${where}). They get access at their next sign-in.`);
      // The command needs no database (a running PGlite server holds it): the id is checked against the clinic's first facts only.
      if (link && !clinicSeed.practitioners.some((p) => p.id === link)) {
        console.log(`Note: ${link} is not one of the practitioners the site started with (${clinicSeed.practitioners.map((p) => p.id).join(', ')}); check it is the id shown on /staff/plans.`);
      }
      return;
    }
    const { hadRole } = await revokeRole(handle.full, email!);
    console.log(`${email} ${hadRole ? 'no longer has a role' : 'had no role'}; their sessions are ended (${where}).`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'auth/user-not-found') fail(`No user with the e-mail ${email} (${where}). They must register at /register first${config.auth.mode === 'emulator' ? ', or add --create' : ''}.`);
    fail(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await handle.close();
  }
}

await main(process.argv.slice(2));
