import { useId } from 'react';
import { CheckboxField } from '../ui/fields';
import type { BookActionData } from './page-data';
import { reminderHint, type ReminderPlan } from './reminder-plan';
import { CHANNELS, reminderChannel, type ReminderChannel } from './types';

/** What each choice uses: the phone number given above for the first two. */
const HINT: Record<ReminderChannel, string> = {
  whatsapp: 'to the number above',
  sms: 'to the number above',
  email: 'to the address above',
  none: 'we will not message you',
};

/**
 * How the patient wants to be reminded (issue 32), inside the booking form: one radio group
 * (WhatsApp first, as most patients here read it first) and, separately, the consent box the
 * Nigeria Data Protection Act 2023 asks for, never ticked for them. "No reminders" is chosen
 * until the patient chooses a channel, so booking stays three taps (day, time, confirm) for
 * whoever wants none. The schema refuses a channel without consent (shared/booking/schemas.ts);
 * the core stores both and schedules messages only with consent. The hint says the server's
 * reminder offsets and quiet hours (`plan`, from the page's data; shared/booking/reminder-plan.ts).
 */
export function ReminderFields({ echo, chosen: current, hasEmail = true, plan }: { echo?: BookActionData | undefined; chosen?: ReminderChannel; hasEmail?: boolean; plan?: ReminderPlan | undefined }) {
  const id = useId();
  const chosen = echo?.values.reminders ?? current;
  const error = echo?.errors.reminders;
  return (
    <fieldset className="booking-radios booking-reminders" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend>Remind me of this visit by</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {reminderHint(plan)}
      </p>
      {CHANNELS.filter((channel) => hasEmail || channel !== 'email').map((channel) => (
        <label key={channel} className="booking-radio">
          <input type="radio" name="reminders" value={channel} defaultChecked={(chosen || 'none') === channel} />
          <span>
            {reminderChannel.label(channel)} <small>({HINT[channel]})</small>
          </span>
        </label>
      ))}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <CheckboxField
        name="consent"
        label="I agree to receive these reminders and notices about this visit. I can stop them from my booking link or by replying STOP."
      />
    </fieldset>
  );
}
