import { createHmac, hkdfSync } from 'node:crypto';

/**
 * Keys made from what people type, salted with the server's secret (FORM_KEY_SECRET): without
 * the secret, someone holding the database cannot confirm a guessed e-mail address or phone
 * number by hashing it the same way. Each purpose has its own key derived from the secret
 * (HKDF), so one can never be matched against the other.
 */
export interface FormKeys {
  /**
   * The idempotency key of one submission: the same form with the same typed values is the
   * same request while its key lives (a day, and only while the request is open:
   * server/requests/repo.ts), however often it is sent again: a double click, a reload that
   * re-posts, back and resubmit, a retry after a lost answer.
   */
  submission(kind: string, values: Record<string, string>): string;
  /**
   * An e-mail address (trimmed, lower-case) as a salted hash: what the newsletter keeps of
   * someone who unsubscribed, so that the address is never added again without their consent.
   * Changing FORM_KEY_SECRET makes the stored hashes unmatchable: keep the secret.
   */
  email(address: string): string;
}

export function formKeys(secret: string): FormKeys {
  const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, '', `clinic-site ${purpose}`, 32));
  const submissionKey = derive('submission idempotency key');
  const emailKey = derive('e-mail address hash');
  const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');
  return {
    submission: (kind, values) => mac(submissionKey, JSON.stringify([kind, Object.entries(values).sort(([a], [b]) => a.localeCompare(b))])),
    email: (address) => mac(emailKey, address.trim().toLowerCase()),
  };
}
