import { data, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { managePath } from '../../../shared/booking/results';
import { waitlistEntryPath, type WaitlistOfferAnswer, type WaitlistOfferData } from '../../../shared/booking/waitlist';
import { formatWhen } from '../../../shared/booking/time';
import { clinicContext } from '../../clinic/context';
import { clinicPhone } from '../../clinic/details';
import { errorFields } from '../../platform/http/error-fields';
import { platformContext } from '../../platform/render/route-context';
import { bookingContext } from '../context';
import { entrySummary, offerSummary, type OfferView } from '../waitlist';

const NO_STORE = { 'Cache-Control': 'private, no-store' };
type Args = LoaderFunctionArgs | ActionFunctionArgs;
const NOT_FOUND = 'This link does not open a time offered from our waitlist. It may have been mistyped, or the entry erased.';
const phoneOf = async (args: Args) => clinicPhone(args.context.get(clinicContext));

function pageOf(view: OfferView, now: Date): Extract<WaitlistOfferData, { ok: true }> {
  return {
    ok: true,
    offer: offerSummary(view.offer, now, null),
    entry: entrySummary(view.entry),
    entryLink: waitlistEntryPath(view.entryToken),
    manageLink: view.manageToken ? managePath(view.manageToken) : null,
    state: view.state,
  };
}

/** An offer's link, `/waitlist/offer/<token>`: the time offered, until when, and "Take this time". */
export async function loader(args: LoaderFunctionArgs) {
  const booking = args.context.get(bookingContext);
  try {
    const view = await booking.offer(args.params.token ?? '');
    if (!view) return data({ ok: false, message: NOT_FOUND } satisfies WaitlistOfferData, { status: 404, headers: NO_STORE });
    return data(pageOf(view, booking.now()), { headers: NO_STORE });
  } catch (error) {
    args.context.get(platformContext).logger.error('waitlist offer page failed', errorFields(error));
    return data({ ok: false, message: `We could not open this offer just now. Please try again in a moment, or call us on ${await phoneOf(args)}.` } satisfies WaitlistOfferData, { status: 503, headers: NO_STORE });
  }
}

/**
 * `intent=take`: the first claim wins (the database decides). Taken → the visit's manage page.
 * Expired (410), gone to another (409), too close now, over the phone's visits: said plainly, nothing changed.
 */
export async function action(args: ActionFunctionArgs) {
  const booking = args.context.get(bookingContext);
  const refuse = (answer: WaitlistOfferAnswer, status: number) => data(answer, { status, headers: NO_STORE });
  try {
    const body = await args.request.formData();
    if (body.get('intent') !== 'take') return data({ ok: false, message: 'Please use the button on this page.' } satisfies WaitlistOfferData, { status: 400, headers: NO_STORE });
    const result = await booking.claimOffer(args.params.token ?? '');
    if (result.ok) return redirectDocument(`${managePath(result.manageToken)}?${result.moved ? 'moved' : 'booked'}=1`, { headers: NO_STORE });
    if (result.reason === 'bad-token') return data({ ok: false, message: NOT_FOUND } satisfies WaitlistOfferData, { status: 404, headers: NO_STORE });
    const phone = await phoneOf(args);
    const when = formatWhen(result.view.offer.startsAt);
    switch (result.reason) {
      case 'expired':
        return refuse({ status: 'refused', state: 'expired', message: `This offer has expired: the time on ${when} was yours to take until ${formatWhen(result.view.offer.expiresAt)}. You are still on the waitlist, and we will offer you the next time that suits.` }, 410);
      case 'gone':
        return refuse({ status: 'refused', state: 'gone', message: `Sorry, the time on ${when} has just been taken by another patient. You are still on the waitlist, and we will offer you the next time that suits.` }, 409);
      case 'ended':
        return refuse({ status: 'refused', state: 'ended', message: 'You have left the waitlist, so this offer can no longer be taken. You can join it again, or book a free time.' }, 409);
      case 'capped':
        return refuse({ status: 'refused', state: 'capped', message: `This phone number already has as many visits booked online as we allow, or one on that day. Please call us on ${phone} to take this time.` }, 409);
      default:
        return refuse({ status: 'refused', state: 'too-soon', message: `The time on ${when} is now too close to book online. Please call us on ${phone}.` }, 409);
    }
  } catch (error) {
    args.context.get(platformContext).logger.error('waitlist claim failed', errorFields(error));
    return data({ ok: false, message: `We could not take this time just now. Please try again in a moment, or call us on ${await phoneOf(args)}.` } satisfies WaitlistOfferData, { status: 503, headers: NO_STORE });
  }
}
