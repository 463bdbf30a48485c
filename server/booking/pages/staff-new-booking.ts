import { randomUUID } from 'node:crypto';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { FAILURES } from '../../../shared/booking/results';
import { bookingSchema, checkBookingForm } from '../../../shared/booking/schemas';
import { visitKind } from '../../../shared/booking/types';
import type { NewBookingData } from '../../../shared/booking/staff/types';
import { parseDay } from '../../../shared/platform/parse';
import { clinicContext } from '../../clinic/context';
import { platformContext } from '../../platform/render/route-context';
import { requestContact } from '../../requests/repo';
import { bookingContext } from '../context';
import { depositsContext } from '../deposits';
import { answer, formFields, staffOf, today } from '../staff/page-data';

const REQUEST_REFERENCE = /^[A-Z]{2,5}-[A-Z0-9]{4,8}$/;

/**
 * /staff/bookings/new: a phone booking. The choices (service, first visit or follow-up,
 * practitioner, day) are a GET form; with all of them the free times show (staff: no notice,
 * no horizon, never outside the plan). `?request=APT-…` fills in a call-back request's contact
 * details, and the booking then marks that request booked.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { header } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const facts = await context.get(clinicContext).facts();
  const params = new URL(request.url).searchParams;
  const get = (name: string) => (params.get(name) ?? '').trim().slice(0, 100);
  const now = today(booking.now());
  const day = parseDay(get('date'));
  // A day that is not one is said at its field (400); the form shows today.
  const badDay = get('date') !== '' && day === null;
  const choice = { service: get('service'), visit: visitKind.is(get('visit')) ? get('visit') : 'first', practitioner: get('practitioner'), date: day ?? now };
  const requestRef = get('request').toUpperCase();
  const found = REQUEST_REFERENCE.test(requestRef) ? await requestContact(context.get(platformContext).store.db, requestRef) : null;
  let slots: NewBookingData['slots'] = null;
  const service = facts.services.find((s) => s.id === choice.service);
  const person = facts.practitioners.find((p) => p.id === choice.practitioner && p.bookable);
  if (service && (person || choice.practitioner === 'any') && !badDay) {
    const free = await booking.freeTimes({ serviceId: service.id, visitKind: choice.visit as 'first' | 'follow_up', practitionerId: person ? person.id : null, fromDate: choice.date, toDate: choice.date, asStaff: true });
    slots = free.ok ? free.days.flatMap((d) => [...d.slots]) : [];
  }
  // The service's deposit rule, said on the form: a staff booking waives it (ADR 0048).
  const rule = service ? await context.get(depositsContext).ruleFor(service.id, choice.visit as 'first' | 'follow_up') : null;
  const page: NewBookingData = { ...header, choice, slots, request: found, idempotencyKey: randomUUID(), today: now, deposit: rule ? { amountKobo: rule.amountKobo } : null };
  return badDay ? data({ ...page, errors: { date: 'Please choose a day like 2026-12-01.' } }, { status: 400 }) : page;
}

/** Books the chosen time for the patient on the phone (or from the call-back request); on success, the booking's page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = staffOf(context, request);
  const booking = context.get(bookingContext);
  const facts = await context.get(clinicContext).facts();
  const fields = await formFields(request);
  const values = { ...fields };
  const checked = checkBookingForm(bookingSchema({ facts, now: booking.now(), rules: booking.rules }), fields);
  if (!checked.ok) return answer({ intent: 'book', outcome: 'invalid', message: 'Please correct the marked fields.', errors: { ...checked.errors }, values }, 422);
  const staff = { kind: 'staff' as const, uid: actor.uid, name: actor.name };
  const requestRef = (fields.request ?? '').toUpperCase();
  const result = REQUEST_REFERENCE.test(requestRef) ? await booking.bookFromRequest(requestRef, checked.data, staff) : await booking.book(checked.data, staff);
  if (!result.ok) {
    const failure = FAILURES[result.reason];
    const message = result.reason === 'not-found' ? 'The call-back request was not found (erased?). Nothing was booked.' : failure.message;
    return answer({ intent: 'book', outcome: failure.status === 409 ? 'conflict' : 'invalid', message, errors: { start: message }, values, ...(result.alternatives ? { alternatives: [...result.alternatives] } : {}) }, failure.status === 404 ? 422 : failure.status);
  }
  throw redirect(`/staff/bookings/${result.appointment.reference}?done=booked`, 303);
}
