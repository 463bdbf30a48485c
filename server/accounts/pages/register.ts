import { echoAction } from '../../platform/render/echo-action';

/**
 * Signing in happens in the browser (the identity service's SDK, then POST /api/session). Without
 * JavaScript the form still posts here and comes back with the address typed (never the
 * password), and the page says what it needs.
 */
export const action = echoAction;
