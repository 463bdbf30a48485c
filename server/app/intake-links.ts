import type { BookingService } from '../booking/service';
import type { VisitForms } from '../booking/visit-forms';
import { randomKeyring, type IntakeKeyring } from '../intake/crypto';
import { createIntakeService, type IntakeService, type NewsConsent } from '../intake/service';
import { visitFormsOf } from '../intake/visit-forms';
import { unavailableStore, type Store } from '../platform/db/store';
import type { FormKeys } from '../requests/keys';
import { forgetSubscribers, subscribe } from '../requests/repo';
import type { Config } from './config';

/**
 * The new-patient forms' links to the other domains (issue 47), named here, by the composition:
 * the intake domain reads visits through the booking service and offers its news through the
 * requests domain's newsletter; the booking pages, mails and the messages worker see the forms
 * through `VisitForms` (server/booking/visit-forms.ts), which the intake domain implements.
 */

/** The optional news by e-mail: the newsletter's double opt-in (a confirmation mail), and its forgetting. */
export function newsletterConsent(store: Store, keys: FormKeys, publicOrigin: string, wake: () => void): NewsConsent {
  return {
    async subscribe(email) {
      await subscribe(store, { email, publicOrigin });
      wake();
    },
    unsubscribe: (email) => store.db.transaction((tx) => forgetSubscribers(tx, keys, [email.trim().toLowerCase()])),
  };
}

export interface IntakeParts {
  keys: IntakeKeyring;
  /** Made first: the booking core links its confirmation mails to the forms through it. */
  visitForms: VisitForms;
  build(booking: BookingService): IntakeService;
}

/**
 * The forms' keys and services. Production never encrypts with a key made up on the spot (the
 * forms would be unreadable after the next start): without INTAKE_KEK given to it the app's forms
 * answer 503, as server/main.ts refuses to start. Elsewhere a key for this process (tests).
 */
export function intakeParts(options: { config: Config; store: Store; keys?: IntakeKeyring | undefined; formKeys: FormKeys; wake: () => void }): IntakeParts {
  const { config } = options;
  const missing = !options.keys && config.isProduction;
  const store = missing ? unavailableStore() : options.store;
  const keys = options.keys ?? randomKeyring();
  const visitForms = visitFormsOf({ db: store.db, keys });
  return {
    keys,
    visitForms,
    build: (booking) =>
      createIntakeService({
        store,
        keys,
        booking,
        visitForms,
        publicOrigin: config.publicOrigin,
        clinicInbox: config.mail.clinicInbox,
        secureCookies: config.isProduction,
        wake: options.wake,
        news: newsletterConsent(options.store, options.formKeys, config.publicOrigin, options.wake),
        retentionMonths: config.intake.retentionMonths,
      }),
  };
}
