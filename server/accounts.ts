import type { AdminAuth } from './firebase';
import type { AccountService } from './services';

/** Accounts made on the server with firebase-admin: the checkout's 'Create an account?'. */
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
