import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where `npm run dev` records the Auth Emulator it started (DATA_DIR/auth-emulator.json), so
 * commands run beside it (`npm run staff`) find it without being told its port.
 */
export interface EmulatorRecord {
  host: string;
  projectId: string;
  pid: number;
}

export const emulatorFile = (dataDir: string) => path.join(dataDir, 'auth-emulator.json');

export function readEmulatorRecord(dataDir: string): EmulatorRecord | null {
  try {
    const raw = JSON.parse(readFileSync(emulatorFile(dataDir), 'utf8')) as Partial<EmulatorRecord>;
    if (typeof raw.host === 'string' && typeof raw.projectId === 'string') return { host: raw.host, projectId: raw.projectId, pid: Number(raw.pid) || 0 };
  } catch {
    // no file, or not ours
  }
  return null;
}
