// Placeholder Firebase settings for production-mode runs that never contact Firebase
// (the smoke test and measurements send no session cookie). The service account key
// is generated on the spot, so no secret lives in the repository.
import { generateKeyPairSync } from 'node:crypto';

export function placeholderFirebaseEnv(projectId = 'placeholder-project') {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return {
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_WEB_API_KEY: 'placeholder-web-api-key',
    FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    FIREBASE_SERVICE_ACCOUNT_JSON: JSON.stringify({
      type: 'service_account',
      project_id: projectId,
      client_email: `placeholder@${projectId}.iam.gserviceaccount.com`,
      private_key: privateKey,
    }),
  };
}

// CLI: print one variable's value, e.g. `node tests/support/placeholder-firebase.mjs FIREBASE_SERVICE_ACCOUNT_JSON my-project`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [name, projectId] = process.argv.slice(2);
  const env = placeholderFirebaseEnv(projectId);
  process.stdout.write(env[name] ?? '');
}
