import { createContext } from 'react-router';
import type { AdminAuth } from '../platform/session/firebase';

/** Makes sign-in accounts (Firebase) for the checkout's 'Create an account?'; the password is never stored by us. */
export interface AccountService {
  /** Makes the account; 'exists' when the address has one already, 'unavailable' when there is no identity service. */
  create(input: { email: string; password: string; displayName: string }): Promise<{ uid: string } | 'exists' | 'unavailable'>;
  /** Takes back an account `create` has just made, when what it came with (an order) could not be stored. */
  remove(uid: string): Promise<void>;
}

export const accountsContext = createContext<AccountService>();

/** Accounts made on the server with firebase-admin. */
export function createAccountService(admin: AdminAuth): AccountService {
  return {
    async create({ email, password, displayName }) {
      try {
        const { uid } = await admin.createUser({ email, password, displayName });
        return { uid };
      } catch (error) {
        if ((error as { code?: unknown } | null)?.code === 'auth/email-already-exists') return 'exists';
        throw error;
      }
    },
    async remove(uid) {
      await admin.deleteUser(uid);
    },
  };
}

/** Without an identity service (none configured) no account can be made; the checkout says so. */
export const noAccounts: AccountService = {
  create: async () => 'unavailable',
  remove: async () => {},
};
