import { locationOptions } from './home';
import { findService } from './services';

export const contactCopy = {
  eyebrow: 'Get in touch',
  title: 'We are here to help',
  intro: 'Call, e-mail or visit us in Wuse II. We reply to e-mails within one working day.',
  mailTitle: 'Mail Us',
  mailText: 'Questions about care, fees or your appointment.',
  visitTitle: 'Visit Us',
  visitText: 'Free parking in front of the clinic; step-free access.',
  mapLabel: 'Open in a map',
  callTitle: 'Call Us',
  callText: 'Speak to our front desk during opening hours.',
  formEyebrow: 'Write To Us',
  formTitle: 'Send us a message',
  formIntro: 'Tell us briefly what you would like help with. Please do not include detailed medical information; we will talk about that in person.',
  submitLabel: 'Send message',
};

/**
 * Subject line for a visitor who came from the home hero's 'Make Appointment'
 * (`/contact?location=<slug>&service=<id>`). Both values come from the URL, so only
 * known services and locations are used; anything else is ignored.
 */
export function appointmentSubject(location: string | null, serviceId: string | null): string | undefined {
  const service = findService(serviceId ?? undefined);
  const place = locationOptions.find((o) => o.value === location);
  if (!service && !place) return undefined;
  const what = service ? `Appointment request: ${service.title}` : 'Appointment request';
  if (!place) return what;
  // "Abuja (Wuse II)" reads as "Abuja"; planned cities keep their "opening soon".
  const city = place.label.replace(/\s*\((.*)\)$/, (_all, note: string) => (note === 'opening soon' ? ', opening soon' : ''));
  return `${what} (${city})`;
}
