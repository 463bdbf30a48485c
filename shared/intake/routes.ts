import type { PageRoute } from '../platform/page-route';

/** The patient's form, under the manage link it is opened from (the link is its first key, the date of birth its second). */
export const FORM_ROUTE = '/booking/manage/:token/form';
export const formPath = (token: string) => `/booking/manage/${token}/form`;
/** The patient's copy of their answers (plain text), beside the form. */
export const FORM_DOWNLOAD_ROUTE = '/booking/manage/:token/form/answers.txt';
/** The form's short address in messages (`/m/<token>/form`, beside the manage link's `/m/<token>`), so an SMS with it fits one segment; it redirects to the form. */
export const SHORT_FORM_ROUTE = '/m/:token/form';
export const shortFormPath = (token: string) => `/m/${token}/form`;
export const formDownloadPath = (token: string) => `${formPath(token)}/answers.txt`;
/** The answers, for the treating practitioner and admins. */
export const staffFormPath = (reference: string) => `/staff/bookings/${reference}/form`;
/** Where editors change the questions and the consent texts. */
export const QUESTIONS_PATH = '/staff/content/new-patient-form';

const privatePage = { handle: { private: true }, serverLoader: true, serverAction: true } as const;

/**
 * The new-patient forms (issue 47): the patient's form, the answers for those treating, and the
 * editors' questions. All private: for no search engine, never cached, never kept by the service worker.
 */
export const intakeRoutes: PageRoute[] = [
  {
    path: FORM_ROUTE,
    page: 'intake/form',
    ...privatePage,
    // Its address holds the manage link's token: sent to this site only, refused or not (ADR 0042).
    handle: { private: true, noReferrer: true },
    meta: { title: 'New-patient form', description: 'Tell us about yourself and your health before your first visit.' },
  },
  {
    path: '/staff/bookings/:reference/form',
    page: 'intake/staff-form',
    handle: { private: true },
    serverLoader: true,
    meta: { title: 'New-patient form', description: 'A patient’s answers, for the practitioner treating them.' },
  },
  {
    path: QUESTIONS_PATH,
    page: 'intake/staff-questions',
    ...privatePage,
    meta: { title: 'New-patient form questions', description: 'The red-flag questions, the health history list and the consent texts of the new-patient form.' },
  },
];
