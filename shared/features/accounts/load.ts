// The Firebase web SDK and the dialog library are loaded on first use only, so pages that
// do not sign people in download none of them.
export const loadAuthClient = () => import('../../../client/firebase');
export const loadDialogs = () => import('../../../client/dialogs');

/** Message of anything thrown, as the identity service worded it. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
