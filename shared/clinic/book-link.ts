/** The booking steps' address (shared/booking/routes.ts serves it). */
export const BOOK_PATH = '/book';

/** The booking page for a choice made elsewhere (a service page, a practitioner's page, the contact bar). */
export function bookHref(choice: { service?: string; practitioner?: string } = {}): string {
  const params = new URLSearchParams();
  if (choice.service) params.set('service', choice.service);
  if (choice.practitioner) params.set('practitioner', choice.practitioner);
  const q = params.toString();
  return q ? `${BOOK_PATH}?${q}` : BOOK_PATH;
}
