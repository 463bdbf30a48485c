import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { waitlistOfferPath, type WaitlistEntryAnswer, type WaitlistEntryData } from '../../../shared/booking/waitlist';
import { clinicContext } from '../../clinic/context';
import { clinicPhone } from '../../clinic/details';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import { entrySummary, offerSummary } from '../waitlist';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
type Args = LoaderFunctionArgs | ActionFunctionArgs;
const NOT_FOUND = 'This link does not open a place on our waitlist. It may have been mistyped, or the entry erased.';
const unavailable = async (args: Args) => `We could not open the waitlist just now. Please try again in a few minutes, or call us on ${await clinicPhone(args.context.get(clinicContext))}.`;

/** An entry's own link, `/waitlist/entry/<token>`: what it asked for, since when, its place in line, the times offered, and "leave the list". */
export async function loader(args: LoaderFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const found = await booking.waitlistEntry(args.params.token ?? '');
    if (!found) return data({ ok: false, message: NOT_FOUND } satisfies WaitlistEntryData, { status: 404, headers: NO_STORE });
    const now = booking.now();
    const offers = found.offers.map((o) => offerSummary(o, now, o.status === 'pending' ? waitlistOfferPath(booking.offerToken(o)) : null));
    const notice = new URL(args.request.url).searchParams.get('joined') ? 'joined' : null;
    return data({ ok: true, entry: entrySummary(found.entry), offers, position: found.position, token: args.params.token ?? '', notice, quietHours: booking.waitlistSettings.quietHours } satisfies WaitlistEntryData, { headers: NO_STORE });
  } catch (error) {
    args.context.get(platformContext).logger.error('waitlist entry page failed', errorFields(error));
    return data({ ok: false, message: await unavailable(args) } satisfies WaitlistEntryData, { status: 503, headers: NO_STORE });
  }
}

/** `intent=leave`: off the list (an open offer withdrawn); leaving twice changes nothing. */
export async function action(args: ActionFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const body = await args.request.formData();
    if (body.get('intent') !== 'leave') return data({ status: 'refused', message: 'Please use the button on this page.' } satisfies WaitlistEntryAnswer, { status: 400, headers: NO_STORE });
    const left = await booking.leaveWaitlist(args.params.token ?? '');
    if (left === 'bad-token') return data({ status: 'refused', message: NOT_FOUND } satisfies WaitlistEntryAnswer, { status: 404, headers: NO_STORE });
    return data({ status: left } satisfies WaitlistEntryAnswer, { headers: NO_STORE });
  } catch (error) {
    args.context.get(platformContext).logger.error('waitlist leave failed', errorFields(error));
    return data({ status: 'refused', message: await unavailable(args) } satisfies WaitlistEntryAnswer, { status: 503, headers: NO_STORE });
  }
}
