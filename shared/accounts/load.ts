import type { SessionUser } from '../platform/session';

/** What the sign-in forms need from the Firebase web SDK (implemented by client/firebase.ts). */
export interface AuthClient {
  /** Loads the SDK and the configuration ahead of a submission. */
  prepare(): Promise<unknown>;
  registerWithEmail(name: string, email: string, password: string): Promise<SessionUser>;
  signInWithEmail(email: string, password: string, remember: boolean): Promise<SessionUser>;
  signInWithGoogle(remember: boolean): Promise<SessionUser>;
  resetPassword(email: string): Promise<void>;
}

/** The dialogs the accounts feature shows (implemented by client/dialogs.ts with sweetalert2). */
export interface Dialogs {
  showError(message: string): Promise<void>;
  showSuccess(title: string, text?: string, confirmButtonText?: string): Promise<void>;
  showTopNotice(title: string, text?: string): Promise<void>;
  showWarning(title: string): Promise<void>;
}

/** How to load the browser-only pieces on first use. */
export interface AccountsClient {
  loadAuthClient(): Promise<AuthClient>;
  loadDialogs(): Promise<Dialogs>;
}

// shared/ never imports client/: the browser entry (client/entry.tsx) hands its loaders in
// before hydrating. They are called only from effects and event handlers, so the server
// render never needs them. The loaders use import(), so the Firebase web SDK and the dialog
// library are still downloaded on first use only, by the pages that sign people in.
let accountsClient: AccountsClient | null = null;

export function provideAccountsClient(client: AccountsClient): void {
  accountsClient = client;
}

function provided(): AccountsClient {
  if (!accountsClient) throw new Error('Sign-in is not available here: the browser entry has not provided it.');
  return accountsClient;
}

export const loadAuthClient = (): Promise<AuthClient> => Promise.resolve().then(() => provided().loadAuthClient());
export const loadDialogs = (): Promise<Dialogs> => Promise.resolve().then(() => provided().loadDialogs());

/** Message of anything thrown, as the identity service worded it. */
export function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
