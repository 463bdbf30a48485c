import type { BookActionData } from './page-data';

/**
 * EXTENSION POINT (issue 32, reminders): "remind me by WhatsApp / SMS / e-mail" and, separately,
 * the consent box go here, inside the booking form, between the patient's details and the
 * confirm button. The schema already takes them (shared/booking/schemas.ts `bookingSchema`:
 * `reminders` = whatsapp | sms | email | none, `consent` ticked; empty means "none") and the core
 * stores them (`reminder_channel`, `reminders_consent_at`). Until this renders fields, every
 * booking is stored with no reminders and no consent.
 */
export function ReminderFields(_props: { echo?: BookActionData }) {
  return null;
}
