export function freePort(preferred?: number, host?: string): Promise<number>;

export interface AuthEmulator {
  /** host:port, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  projectId: string;
  stop(): Promise<void>;
}

export function startAuthEmulator(options?: { port?: number; projectId?: string; log?: (line: string) => void; timeoutMs?: number }): Promise<AuthEmulator>;
