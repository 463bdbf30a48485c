import { formatAbuja } from '../ui/staff/format';
import { StatusBadge } from '../ui/staff/staff-band';
import { messageChannel, messageKindLabel, messageStatus, type MessageView } from './types';

/**
 * The patient messages of one appointment, for the staff booking page: drop it in with the
 * loader's `messages: await messagesOf(db, appointment.id)` (server/messages/staff.ts).
 */
export function MessagesList({ messages, headingLevel = 2 }: { messages: readonly MessageView[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="patient-messages-heading" className="staff-messages">
      <Heading id="patient-messages-heading">Messages to the patient</Heading>
      {messages.length === 0 ? (
        <p>No messages: the patient did not agree to reminders, or none are planned.</p>
      ) : (
        <table className="staff-table">
          <caption className="visually-hidden">Confirmation, reminders and notices, in the order they are due</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Channel</th>
              <th scope="col">Due</th>
              <th scope="col">Status</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((m) => (
              <tr key={m.id}>
                <td data-label="Message">{messageKindLabel(m.kind)}</td>
                <td data-label="Channel">
                  {messageChannel.label(m.channel)}
                  {m.destination && <span className="staff-messages__to"> {m.destination}</span>}
                </td>
                <td data-label="Due">
                  <time dateTime={m.dueAt}>{formatAbuja(m.dueAt)}</time>
                </td>
                <td data-label="Status">
                  <StatusBadge status={m.status} label={messageStatus.label(m.status)} />
                </td>
                <td data-label="Details">{details(m)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function details(m: MessageView): string {
  const parts: string[] = [];
  if (m.readAt) parts.push(`read ${formatAbuja(m.readAt)}`);
  else if (m.deliveredAt) parts.push(`delivered ${formatAbuja(m.deliveredAt)}`);
  else if (m.sentAt) parts.push(`sent ${formatAbuja(m.sentAt)}`);
  if (m.status === 'scheduled' && m.attempts > 0) parts.push(`attempt ${m.attempts + 1} at ${formatAbuja(m.nextAttemptAt)}`);
  if (m.lastError) parts.push(m.lastError);
  return parts.join('; ');
}
