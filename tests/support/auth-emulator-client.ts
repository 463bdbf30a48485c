import { createHmac } from 'node:crypto';

/** The Auth Emulator's REST API, as the browser SDK would use it: users, ID tokens, reset codes. */
export function emulatorClient(host: string, projectId: string) {
  const base = `http://${host}`;
  const call = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${base}/identitytoolkit.googleapis.com/v1/${path}?key=any-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T & { error?: { message: string } };
    if (!res.ok) throw new Error(`${path}: ${json.error?.message ?? res.status}`);
    return json;
  };
  return {
    /** A new user with a display name; returns a fresh ID token that carries the name. */
    async signUp(email: string, password: string, displayName?: string) {
      const created = await call<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true });
      if (!displayName) return created;
      await call('accounts:update', { idToken: created.idToken, displayName });
      // A new sign-in, so the token carries the name (as the web SDK's forced refresh does).
      return call<{ idToken: string; localId: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
    },
    async signIn(email: string, password: string) {
      return call<{ idToken: string; localId: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
    },
    async oobCodes(): Promise<{ email: string; requestType: string; oobCode: string }[]> {
      const res = await fetch(`${base}/emulator/v1/projects/${projectId}/oobCodes`);
      return ((await res.json()) as { oobCodes: { email: string; requestType: string; oobCode: string }[] }).oobCodes;
    },
    async clear() {
      await fetch(`${base}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
    },
  };
}

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

/** The same claims, signed by someone who is not the identity service. */
export function forgeSigned(jwt: string, changes: Record<string, unknown> = {}): string {
  const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ ...decodePayload(jwt), ...changes })}`;
  return `${unsigned}.${createHmac('sha256', 'attacker-secret').update(unsigned).digest('base64url')}`;
}

/** An emulator-style (unsigned) token with changed claims, e.g. an expiry in the past. */
export function reissueUnsigned(jwt: string, changes: Record<string, unknown>): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...decodePayload(jwt), ...changes })}.`;
}
