/** Placeholder Firebase settings for production-mode runs that never contact Firebase (placeholder-firebase.mjs). */
export function placeholderFirebaseEnv(projectId?: string): Record<string, string>;
