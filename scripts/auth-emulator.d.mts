export function freePort(preferred?: number, host?: string): Promise<number>;

export interface AuthEmulator {
  /** host:port, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
  /** How many times it was started again after ending on its own (`restart: true`). */
  restarts(): number;
  /** The process id of the emulator running now (its process group's too). */
  pid(): number | undefined;
}

export function startAuthEmulator(options?: { port?: number; projectId?: string; log?: (line: string) => void; timeoutMs?: number; restart?: boolean; bin?: string }): Promise<AuthEmulator>;
