import type { Logger } from './logger';

/**
 * What loaders and actions may use on the server, handed in through the router's
 * request context (server/route-context.ts). Grows with the store and the mail outbox.
 */
export interface Services {
  logger: Logger;
}
