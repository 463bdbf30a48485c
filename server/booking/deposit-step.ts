import { data, redirectDocument, type ActionFunctionArgs } from 'react-router';
import type { BookActionData, DepositStep } from '../../shared/booking/page-data';
import { FAILURES, managePath } from '../../shared/booking/results';
import type { BookingForm } from '../../shared/booking/schemas';
import { lagosTime } from '../../shared/booking/time';
import { userContext } from '../platform/render/route-context';
import { bookingContext } from './context';
import { depositsContext } from './deposits';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The deposit step's own intent: "Pay with Paystack". */
export const intentOfDeposit = (v: FormDataEntryValue | null): 'pay' | null => (v === 'pay' ? 'pay' : null);

const answer = (result: BookActionData, status: number, headers: Record<string, string>) => data(result, { status, headers: { ...NO_STORE, ...headers } });

/**
 * /book's deposit step (issue 48, ADR 0048), after the phone is proven: null when the visit
 * takes no deposit (the booking goes on as before). Otherwise the amount and the policy first
 * (`status: 'deposit'`), and on "Pay" the time held and Paystack's checkout (a redirect to its
 * page); a deposit's receipt needs an e-mail address. Every refusal keeps everything typed.
 */
export async function depositStep(args: ActionFunctionArgs, form: BookingForm, values: Record<string, string>, pay: boolean, headers: Record<string, string>) {
  const deposits = args.context.get(depositsContext);
  const rule = await deposits.ruleFor(form.serviceId, form.visitKind);
  if (!rule) return null;
  const booking = args.context.get(bookingContext);
  const step: DepositStep = { amountKobo: rule.amountKobo, policy: rule.policy, holdMinutes: booking.rules.holdMinutes };
  const emailNeeded = 'Please give your e-mail address: the deposit’s receipt goes there.';
  if (!form.patient.email) return answer({ status: 'invalid', message: emailNeeded, errors: { email: emailNeeded }, values }, 400, headers);
  if (!pay) return answer({ status: 'deposit', message: '', errors: {}, values, deposit: step }, 200, headers);
  const user = args.context.get(userContext);
  const started = await deposits.start(form, { kind: 'visitor', uid: user?.uid ?? null, provenPhone: form.patient.phone }, values);
  if (started.ok === true) return redirectDocument(started.authorizationUrl, { headers: { ...NO_STORE, ...headers } });
  if (started.ok === 'booked') return redirectDocument(`${managePath(started.manageToken)}?booked=1`, { headers: { ...NO_STORE, ...headers } });
  switch (started.reason) {
    case 'paystack-down':
      return answer(
        {
          status: 'deposit',
          message: `We could not reach Paystack, who take our payments, just now. Nothing was charged. Your time is held for you until ${lagosTime(new Date(started.holdExpiresAt))}: please try again in a minute.`,
          errors: {},
          values,
          deposit: { ...step, heldUntil: started.holdExpiresAt },
        },
        503,
        headers,
      );
    case 'email-needed':
      return answer({ status: 'invalid', message: emailNeeded, errors: { email: emailNeeded }, values }, 400, headers);
    case 'no-deposit':
      // The rule was removed between the two steps: the form again, to confirm as a plain booking.
      return answer({ status: 'invalid', message: 'This visit no longer takes a deposit. Please confirm the booking again.', errors: {}, values }, 409, headers);
    case 'conflict':
    case 'not-free':
      return answer({ status: 'conflict', message: FAILURES[started.reason].message, errors: { start: FAILURES[started.reason].message }, values, alternatives: [...(started.alternatives ?? [])] }, 409, headers);
    default: {
      const failure = FAILURES[started.reason];
      return answer({ status: 'invalid', message: failure.message, errors: { start: failure.message }, values }, failure.status, headers);
    }
  }
}
