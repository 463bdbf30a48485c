import { Form, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { useClinicFacts } from '../../clinic/facts-context';
import { Link } from '../../ui/link';
import { FormStateContext, SelectField, TextField } from '../../ui/fields';
import { StaffBand, StatusBadge } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import { formatE164Nigeria } from '../../platform/phone';
import { formatVisit, formatWhen } from '../../booking/time';
import { appointmentStatus, reminderChannel, STAFF_TRANSITIONS, visitKind } from '../../booking/types';
import { dateOf, namesOf, STATUS_ACTIONS } from '../../booking/staff/format';
import { SlotPicker } from '../../booking/staff/slot-picker';
import type { BookingDetailData, BookingEventLine, StaffBookingAnswer } from '../../booking/staff/types';
import { StaffFormLine } from '../../booking/visit-form-card';
import { MessagesList } from '../../messages/messages-list';
import { staffCoursePlanPath } from '../../booking/course';
import { staffBookingPath, type AppointmentView } from '../../booking/results';
import type { MessageView } from '../../messages/types';
import { DepositCard } from '../../booking/staff/deposit-card';
import { formatKobo, type PaymentView } from '../../booking/deposits';
import '../../booking/staff/staff-booking.css';

/**
 * /staff/bookings/:reference: a booking (the booking domain's) with its patient messages (the
 * messages domain's), so the composition's page.
 */
export interface StaffBookingData extends BookingDetailData {
  /** The patient messages of this visit (confirmation, reminders, notices) and their status. */
  messages: MessageView[];
  /** The course this visit is part of (issue 46): its reference and every visit; null otherwise. */
  course: { reference: string; size: number; visits: { reference: string; seq: number; startsAt: string; status: AppointmentView['status'] }[] } | null;
  /** The visit's deposit (issue 48), or null; `refundKey`: the refund form's one-time key. */
  deposit: PaymentView | null;
  refundKey: string;
}

/** A reply's channel as staff read it. */
const viaLabel = (via: unknown) => (via === 'sms' ? 'SMS' : 'WhatsApp');

function eventText(e: BookingEventLine, names: ReturnType<typeof namesOf>): string {
  switch (e.action) {
    case 'booked':
      return 'Booked';
    case 'moved': {
      const to = typeof e.detail.to === 'string' ? formatWhen(Date.parse(e.detail.to)) : '';
      const who = e.detail.toPractitioner && e.detail.toPractitioner !== e.detail.fromPractitioner ? ` with ${names.practitioner(String(e.detail.toPractitioner))}` : '';
      return `Moved to ${to}${who}`;
    }
    case 'cancelled':
      return e.detail.via ? `Cancelled (${viaLabel(e.detail.via)} reply)` : 'Cancelled';
    case 'confirmed':
      return `Confirmed (${viaLabel(e.detail.via)} reply)`;
    case 'status':
      return `Status ${e.fromStatus ? appointmentStatus.label(e.fromStatus) : '—'} → ${e.toStatus ? appointmentStatus.label(e.toStatus) : '—'}`;
    case 'links-revoked':
      return 'Manage links revoked';
    case 'reminders':
      return e.detail.channel === 'none' ? 'Reminders stopped' : `Reminders by ${String(e.detail.channel)}`;
    case 'held':
      return 'Time held while the details were typed';
    case 'deposit-paid':
      return `Deposit ${formatKobo(Number(e.detail.amountKobo))} paid (${String(e.detail.reference)})${e.detail.late ? ', after the hold had lapsed' : ''}`;
    case 'deposit-refund':
      return `Deposit refund of ${formatKobo(Number(e.detail.amountKobo))} asked${e.detail.reason ? ` (${String(e.detail.reason)})` : ''}`;
    case 'deposit-refund-sent':
      return `Refund of ${formatKobo(Number(e.detail.amountKobo))} accepted by Paystack`;
    case 'deposit-refund-refused':
      return `Paystack refused the refund of ${formatKobo(Number(e.detail.amountKobo))}: ${String(e.detail.error ?? '')}`;
    case 'deposit-refunded':
      return `Refund of ${formatKobo(Number(e.detail.amountKobo))} completed`;
    case 'deposit-refund-failed':
      return `Refund of ${formatKobo(Number(e.detail.amountKobo))} failed at Paystack`;
    default:
      return e.action.replace(/_/g, ' ');
  }
}

function confirmation(done: string | null, status: string | null): string | null {
  switch (done) {
    case 'booked':
      return 'Booked. The patient gets a confirmation if they gave an e-mail address.';
    case 'status':
      return status === 'arrived' ? 'Marked arrived.' : status === 'completed' ? 'Marked completed.' : status === 'no_show' ? 'Marked no-show.' : 'Status saved.';
    case 'moved':
      return 'Moved to the new time. The old time is free again.';
    case 'cancelled':
      return 'Cancelled. The time is free again.';
    case 'revoked':
      return 'The links sent to the patient no longer work. A new link goes out with the next change.';
    case 'refunded':
      return 'The refund is sent to Paystack. It reaches the patient within 5 to 10 working days.';
    case 'course':
      return 'The course is booked: every visit is listed below. The patient gets one confirmation with every date.';
    default:
      return null;
  }
}

/** One booking: the visit, who, its status buttons, move, cancel, the manage links and the history. */
export default function StaffBookingPage() {
  const { staffName, newCount, appointment: a, events, messages, move, moveError, today, form, course, deposit, refundKey } = useLoaderData() as StaffBookingData;
  const echo = useActionData() as StaffBookingAnswer | undefined;
  const [params] = useSearchParams();
  const facts = useClinicFacts();
  const names = namesOf(facts);
  const done = echo ? null : confirmation(params.get('done'), params.get('status'));
  const transitions = STAFF_TRANSITIONS[a.status].filter((s) => s !== 'cancelled');
  const state = (intent: string) => (echo?.intent === intent ? { values: echo.values ?? {}, ...(echo.errors ? { errors: echo.errors } : {}) } : {});
  const moveSlots = echo?.intent === 'move' && echo.alternatives?.length ? echo.alternatives : move?.slots;
  const bookable = facts.practitioners.filter((p) => p.bookable && p.serviceIds.includes(a.serviceId));
  return (
    <>
      <StaffBand title={`Booking ${a.reference}`} staffName={staffName} newCount={newCount} />
      <div className="container staff-page">
        <Link to={`/staff/calendar?view=day&date=${dateOf(a.startsAt)}`} className="staff-back">
          ← The day’s calendar
        </Link>
        {echo && (
          <div className="staff-alert staff-alert--error" role="alert">
            {echo.message}
          </div>
        )}
        {done && (
          <p className="staff-alert staff-alert--ok" role="status">
            {done}
          </p>
        )}
        <div className="staff-detail">
          <div>
            <section className="staff-card" aria-labelledby="visit-heading">
              <h2 id="visit-heading">Visit</h2>
              <dl className="staff-dl">
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={a.status} label={appointmentStatus.label(a.status)} />
                  {a.confirmedAt && a.status === 'booked' && <span className="staff-confirmed"> Confirmed by the patient on {formatWhen(Date.parse(a.confirmedAt))}</span>}
                </dd>
                <dt>When</dt>
                <dd>{formatVisit(Date.parse(a.startsAt), Date.parse(a.endsAt))}</dd>
                <dt>Service</dt>
                <dd>
                  {names.service(a.serviceId)} ({visitKind.label(a.visitKind).toLowerCase()})
                </dd>
                <dt>Practitioner</dt>
                <dd>{names.practitioner(a.practitionerId)}</dd>
                <dt>Location</dt>
                <dd>{names.location(a.locationId)}</dd>
                <dt>Patient</dt>
                <dd>{a.patientName ?? '—'}</dd>
                <dt>Phone</dt>
                <dd>{a.patientPhone ? <a href={`tel:${a.patientPhone}`}>{formatE164Nigeria(a.patientPhone)}</a> : '—'}</dd>
                <dt>E-mail</dt>
                <dd>{a.patientEmail ? <a href={`mailto:${a.patientEmail}`}>{a.patientEmail}</a> : '—'}</dd>
                {form && (
                  <>
                    <dt>New-patient form</dt>
                    <dd>
                      <StaffFormLine form={form} />
                    </dd>
                  </>
                )}
                <dt>Course</dt>
                <dd>
                  {course && a.courseSeq ? (
                    <>
                      Visit {a.courseSeq} of {a.courseSize} ({course.reference})
                      <ol className="staff-course">
                        {course.visits.map((v) => (
                          <li key={v.reference} aria-current={v.reference === a.reference ? 'page' : undefined}>
                            {v.reference === a.reference ? (
                              <strong>{formatWhen(Date.parse(v.startsAt))} (this visit)</strong>
                            ) : (
                              <Link to={staffBookingPath(v.reference)}>{formatWhen(Date.parse(v.startsAt))}</Link>
                            )}
                            {v.status === 'cancelled' ? ' — cancelled' : ''}
                          </li>
                        ))}
                      </ol>
                    </>
                  ) : a.status === 'cancelled' || a.status === 'held' ? (
                    '—'
                  ) : (
                    <Link to={staffCoursePlanPath(a.reference)}>Book a course of follow-ups</Link>
                  )}
                </dd>
                <dt>Reminders</dt>
                <dd>{reminderChannel.label(a.reminderChannel)}</dd>
                <dt>Booked</dt>
                <dd>
                  <time dateTime={a.createdAt}>{formatAbuja(a.createdAt)}</time> {a.createdBy === 'visitor' ? 'on the website' : 'by staff'}
                </dd>
              </dl>
            </section>
            <section className="staff-card" aria-labelledby="history-heading">
              <h2 id="history-heading">History</h2>
              <ol className="staff-history">
                {events.map((e, i) => (
                  <li key={i}>
                    <time dateTime={e.at}>{formatAbuja(e.at)}</time>
                    {eventText(e, names)} <span>by {e.by}</span>
                  </li>
                ))}
              </ol>
            </section>
            <div className="staff-card">
              <MessagesList messages={messages} />
            </div>
          </div>
          <div>
            {deposit && <DepositCard deposit={deposit} refundKey={refundKey} values={echo?.intent === 'refund' ? echo.values : undefined} error={echo?.intent === 'refund' ? echo.errors?.amount : undefined} />}
            {transitions.length > 0 && (
              <section className="staff-card" aria-labelledby="status-heading">
                <h2 id="status-heading">Status</h2>
                <p>
                  Now: <StatusBadge status={a.status} label={appointmentStatus.label(a.status)} />
                </p>
                <div className="staff-actions">
                  {transitions.map((s) => (
                    <Form method="post" key={s}>
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="version" value={a.version} />
                      <button type="submit" name="status" value={s} className={s === 'arrived' || s === 'completed' ? 'btn btn--primary' : 'btn btn--outline'}>
                        {STATUS_ACTIONS[s] ?? appointmentStatus.label(s)}
                      </button>
                    </Form>
                  ))}
                </div>
              </section>
            )}
            {a.status === 'booked' && (
              <section className="staff-card" aria-labelledby="move-heading">
                <h2 id="move-heading">Move to another time</h2>
                <Form method="get" className="staff-form" key={`find-${move?.date ?? ''}`}>
                  <div className="staff-form__row">
                    <FormStateContext.Provider value={{ errors: moveError ? { moveDate: moveError } : {} }}>
                      <TextField label="Day" name="moveDate" type="date" defaultValue={move?.date ?? today} min={today} required />
                    </FormStateContext.Provider>
                    <SelectField label="Practitioner" name="movePractitioner" defaultValue={move?.practitionerId ?? a.practitionerId} options={bookable.map((p) => ({ value: p.id, label: p.name }))} />
                  </div>
                  <button type="submit" className="btn btn--outline">
                    Show free times
                  </button>
                </Form>
                {moveSlots &&
                  (moveSlots.length ? (
                    <FormStateContext.Provider value={state('move')}>
                      <Form method="post" className="staff-form" key={`move-${a.version}-${move?.date ?? ''}`}>
                        <input type="hidden" name="intent" value="move" />
                        <input type="hidden" name="version" value={a.version} />
                        <input type="hidden" name="practitioner" value={move?.practitionerId ?? a.practitionerId} />
                        <SlotPicker slots={moveSlots} legend={`Free times${move ? ` on ${formatWhen(Date.parse(moveSlots[0]!.startsAt)).split(' at ')[0]}` : ''}`} error={echo?.intent === 'move' ? echo.errors?.start : undefined} />
                        <button type="submit" className="btn btn--primary">
                          Move the visit
                        </button>
                      </Form>
                    </FormStateContext.Provider>
                  ) : (
                    <p role="status">No free times that day. Try another day.</p>
                  ))}
              </section>
            )}
            {a.status === 'booked' && (
              <section className="staff-card" aria-labelledby="cancel-heading">
                <h2 id="cancel-heading">Cancel</h2>
                <Form method="post" className="staff-form" key={`cancel-${a.version}`}>
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="version" value={a.version} />
                  <label className="check">
                    <input type="checkbox" name="confirm" value="yes" required aria-invalid={echo?.intent === 'cancel' && echo.errors?.confirm ? true : undefined} />
                    The patient asked to cancel (the time becomes free)
                  </label>
                  <button type="submit" className="btn btn--danger">
                    Cancel the visit
                  </button>
                </Form>
              </section>
            )}
            <section className="staff-card" aria-labelledby="links-heading">
              <h2 id="links-heading">The patient’s manage links</h2>
              <p>If a confirmation went to the wrong person, stop its link from working. A new link goes out with the next change.</p>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="version" value={a.version} />
                <button type="submit" className="btn btn--outline">
                  Revoke manage links
                </button>
              </Form>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
