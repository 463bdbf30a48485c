import { site, type ClinicDetails } from './site';

/**
 * The privacy notice (Nigeria Data Protection Act 2023): what the forms keep, why, for how
 * long, who sees it, and how to ask for a copy or erasure. The retention period comes
 * from the server's configuration (RETENTION_MONTHS); the text reads it in.
 */
export const privacyIntro = `${site.name} keeps only what it needs to answer you. Health information is sensitive personal data under the Nigeria Data Protection Act 2023, so we ask for as little as we can and never put health details in e-mails.`;

export interface PrivacySection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

export function privacySections(retentionMonths: number, address: string, contact: Pick<ClinicDetails, 'email' | 'phones'> = site): readonly PrivacySection[] {
  return [
    {
      id: 'what',
      title: 'What we keep',
      paragraphs: [
        'When you send a form on this website we keep what you typed: your name, phone number and e-mail address where the form asks for them, your message or request, the time it arrived and a short reference.',
        'An appointment request keeps the service, date and time you chose. Please keep medical details for your visit: the forms do not ask for them.',
        'A newsletter sign-up keeps your e-mail address and when you confirmed it. A comment keeps your name, e-mail address (never published) and the comment.',
      ],
    },
    {
      id: 'why',
      title: 'Why we keep it',
      paragraphs: [
        'To answer your request: to call you back, confirm an appointment, send a quote or arrange an order. Our lawful basis is your request itself (steps you asked us to take) and, for the newsletter, your consent, which you give with a separate box and confirm by e-mail.',
      ],
    },
    {
      id: 'how-long',
      title: 'How long we keep it',
      paragraphs: [
        `We delete a request ${retentionMonths} months after it is closed, automatically. Newsletter addresses are kept until you unsubscribe; every newsletter has a one-click unsubscribe link. When you unsubscribe we keep only a coded fingerprint of your address (not the address itself), so that it is never added again without your new consent; the record of your sign-up is deleted with the other closed requests.`,
      ],
    },
    {
      id: 'who',
      title: 'Who sees it',
      paragraphs: [
        'Only the clinic’s reception and clinical staff, signed in to our staff area. We do not sell or share your details, and this website loads nothing from advertising or tracking services.',
        'Our e-mail and hosting providers process the data on our behalf and under contract.',
      ],
    },
    {
      id: 'rights',
      title: 'Your rights: a copy, a correction, erasure',
      paragraphs: [
        `You may ask for a copy of what we hold about you, ask us to correct it, or ask us to erase it. Write to ${contact.email} or call ${contact.phones[0].display}, telling us the phone number or e-mail address you used; we answer within 30 days.`,
        'If you are not satisfied with our answer you may complain to the Nigeria Data Protection Commission.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact for data requests',
      paragraphs: [`${site.name}, ${address}. E-mail ${contact.email}.`],
    },
  ];
}
