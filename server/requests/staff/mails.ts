import { seedDetails, site } from '../../../shared/content/site';
import { formatAbuja } from '../../../shared/ui/staff/format';
import type { Mail, MailAttachment } from '../../platform/mail/transport';
import { visitIcs } from '../../platform/ics';

/**
 * The patient's confirmation of a booked visit, with a calendar file. Only the time, the
 * place and the reference: nothing of what they wrote (it may be health data).
 */
export function visitConfirmation(input: { to: string; name: string | null; reference: string; visitAt: Date; publicOrigin: string; address: string; phone?: string; email?: string; now?: Date }): Mail & { attachments: MailAttachment[] } {
  const when = formatAbuja(input.visitAt.toISOString());
  const host = new URL(input.publicOrigin).hostname;
  const phone = input.phone ?? seedDetails.phones[0].display;
  const ics = visitIcs({ reference: input.reference, visitAt: input.visitAt, host, address: input.address, phone, ...(input.email ? { email: input.email } : {}), ...(input.now ? { now: input.now } : {}) });
  return {
    to: input.to,
    subject: `Your visit on ${when} (${input.reference})`,
    text: [
      `${input.name ? `Dear ${input.name}` : 'Hello'},`,
      '',
      `Your visit to ${site.name} is booked for ${when} (Abuja time).`,
      '',
      `Address: ${input.address}`,
      `Phone: ${phone}`,
      `Reference: ${input.reference}`,
      '',
      'The attached calendar file adds the visit to your calendar. To change or cancel it, please call us.',
      '',
    ].join('\n'),
    attachments: [{ filename: `visit-${input.reference}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: Buffer.from(ics, 'utf8').toString('base64') }],
  };
}
