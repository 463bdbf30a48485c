import { loadAuthClient, loadDialogs, messageOf } from './load';

/**
 * Sends a password-reset e-mail through the identity service and shows the outcome
 * in a dialog ('Password reset email sent!' at the top centre, or 'Oops...' with the
 * service's message). Used by the login page and the checkout's 'Lost your password'.
 * The Firebase SDK and the dialog library load on first use.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  const dialogs = loadDialogs();
  try {
    const client = await loadAuthClient();
    await client.resetPassword(email.trim());
    await (await dialogs).showTopNotice('Password reset email sent!');
  } catch (error) {
    await (await dialogs).showError(messageOf(error));
  }
}
