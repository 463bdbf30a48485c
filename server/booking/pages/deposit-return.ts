import { data, redirectDocument, type LoaderFunctionArgs } from 'react-router';
import type { DepositReturnData } from '../../../shared/booking/page-data';
import { managePath } from '../../../shared/booking/results';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { depositsContext } from '../deposits';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * /book/deposit?reference=…: where Paystack sends the patient back (and its "cancel payment").
 * Never confirms on its own say-so: the payment is settled from Paystack's verification
 * (deposits.settle), the same as the webhook's, once whichever comes first. Paid → the manage
 * page (`?booked=1`); otherwise what happened, with everything typed to try again.
 */
export async function loader(args: LoaderFunctionArgs) {
  const q = new URL(args.request.url).searchParams;
  const reference = (q.get('reference') ?? q.get('trxref') ?? '').slice(0, 100);
  const base: DepositReturnData = { kind: 'unknown', reference, amountKobo: null, typed: {}, heldUntil: null };
  if (!reference) return data(base, { status: 404, headers: NO_STORE });
  try {
    const settled = await args.context.get(depositsContext).settle(reference);
    switch (settled.kind) {
      case 'unknown':
        return data(base, { status: 404, headers: NO_STORE });
      case 'booked':
        return redirectDocument(`${managePath(settled.manageToken)}?booked=1`, { headers: NO_STORE });
      case 'pending':
      case 'unreachable':
        return data({ ...base, kind: settled.kind, amountKobo: settled.payment.amountKobo, heldUntil: settled.holdExpiresAt }, { status: settled.kind === 'unreachable' ? 503 : 202, headers: NO_STORE });
      case 'failed':
        return data({ ...base, kind: q.get('cancelled') ? 'cancelled' : 'failed', amountKobo: settled.payment.amountKobo, typed: settled.typed }, { status: 200, headers: NO_STORE });
      default:
        return data({ ...base, kind: settled.kind, amountKobo: settled.payment.amountKobo, typed: settled.typed }, { status: 200, headers: NO_STORE });
    }
  } catch (error) {
    args.context.get(platformContext).logger.error('deposit return failed', errorFields(error));
    return data({ ...base, kind: 'unreachable' as const }, { status: 503, headers: NO_STORE });
  }
}
