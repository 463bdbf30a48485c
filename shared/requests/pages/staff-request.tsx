import type { ReactNode } from 'react';
import { Fragment, useEffect, useRef } from 'react';
import { Form, useActionData, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../ui/link';
import { formatE164Nigeria } from '../../platform/phone';
import { abujaParts, formatAbuja } from '../../ui/staff/format';
import { requestKind, requestStatus, settableStatuses, type RequestStatus } from '../kinds';
import { StaffBand, StatusBadge } from '../../ui/staff/staff-band';
import type { HistoryLine, StaffActionData, StaffRequestData } from '../staff/types';
import { FormStateContext, SelectField, TextAreaField, TextField } from '../../ui/fields';
import { mailtoHref } from '../../platform/email-address';

const SAVED: Record<string, string> = {
  status: 'Status saved.',
  note: 'Note saved.',
  approve: 'Comment approved: it now shows under its post.',
};

/** The channel a patient's reply came by (the 'created' event's `detail.via`). */
const REPLY_CHANNELS = { whatsapp: 'WhatsApp', sms: 'SMS' } as const;

function historyText(h: HistoryLine, kind: string): string {
  switch (h.action) {
    case 'created':
      if (kind !== 'reply') return 'Received from the website';
      return `Received as a reply by ${h.via ? REPLY_CHANNELS[h.via] : 'WhatsApp or SMS'}`;
    case 'status':
      return `Status ${h.fromStatus ? requestStatus.label(h.fromStatus) : '—'} → ${h.toStatus ? requestStatus.label(h.toStatus) : '—'}${h.visitAt ? `, visit ${formatAbuja(h.visitAt)}` : ''}`;
    case 'note':
      return 'Internal note changed';
    case 'published':
      return 'Comment approved and published';
    case 'erased':
      return 'Personal data erased on request';
    default:
      return h.action;
  }
}

/**
 * A patient's reply is never "Booked" (settableStatuses): the select offers what it may become,
 * and also its current status and the one just refused when another (so the form shows what is
 * and what was sent, next to the message, rather than silently "New").
 */
function replyStatusOptions(current: RequestStatus, sent: string | undefined) {
  const statuses = settableStatuses('reply');
  return requestStatus.options().filter((o) => statuses.includes(o.value) || o.value === current || o.value === sent);
}

function replyStatusHint(visit: string | null | undefined): string {
  return visit
    ? `A reply is not booked: to move or cancel their visit, open visit ${visit} (under “Their visit”); to book another, use the Calendar.`
    : 'A reply is not booked: to book them a visit, use the Calendar.';
}

/** The state a form shows: after a refusal or a conflict on this form, what was typed (and the messages). */
function stateFor(intent: string, echo: StaffActionData | undefined) {
  return echo?.intent === intent ? { values: echo.values, ...(echo.errors ? { errors: echo.errors } : {}) } : {};
}

/** A staff form for one intent on the request's version, with what was typed when it comes back refused. */
function IntentForm({ intent, version, formKey, echo, children }: { intent: string; version: number; formKey: string | number; echo: StaffActionData | undefined; children: ReactNode }) {
  return (
    <FormStateContext.Provider value={stateFor(intent, echo)}>
      <Form method="post" className="staff-form" key={`${intent}-${formKey}`}>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="version" value={version} />
        {children}
      </Form>
    </FormStateContext.Provider>
  );
}

/** A comment's moderation: each button its own form, so each posts only its intent. */
const MODERATION = [
  { intent: 'approve', label: 'Approve and publish', className: 'btn btn--primary' },
  { intent: 'reject', label: 'Reject and delete', className: 'btn btn--ghost' },
] as const;

/** One request: everything submitted, its status, an internal note and its history. */
export default function StaffRequestPage() {
  const { staffName, newCount, request: r, fields, post, history } = useLoaderData() as StaffRequestData;
  const echo = useActionData() as StaffActionData | undefined;
  const [params] = useSearchParams();
  const saved = params.get('saved');
  const revalidator = useRevalidator();
  // After a 409 the router does not reload the page's data by itself: fetch the other person's change.
  const handled = useRef<StaffActionData | undefined>(undefined);
  useEffect(() => {
    if (echo?.outcome === 'conflict' && handled.current !== echo) {
      handled.current = echo;
      void revalidator.revalidate();
    }
  }, [echo, revalidator]);
  const visit = abujaParts(r.visitAt);
  // A patient's reply (issue 46): the visit it was about, from its history.
  const visitOfReply = r.kind === 'reply' ? (history.find((h) => h.booking)?.booking ?? null) : null;
  const formKey = `${r.version}-${echo ? JSON.stringify(echo.values) : ''}`;

  return (
    <>
      <StaffBand title={`${requestKind.label(r.kind)} ${r.reference}`} staffName={staffName} newCount={newCount} />
      <div className="container staff-page">
        <Link to="/staff" className="staff-back">
          ← All requests
        </Link>
        {echo && (
          <div className="staff-alert staff-alert--error" role="alert">
            {echo.message}
          </div>
        )}
        {!echo && saved && SAVED[saved] && (
          <p className="staff-alert staff-alert--ok" role="status">
            {SAVED[saved]}
          </p>
        )}
        <div className="staff-detail">
          <div>
            <section className="staff-card" aria-labelledby="request-heading">
              <h2 id="request-heading">Request</h2>
              <dl className="staff-dl">
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={r.status} label={requestStatus.label(r.status)} />
                  {r.visitAt && ` Visit ${formatAbuja(r.visitAt)}`}
                </dd>
                <dt>Received</dt>
                <dd>
                  <time dateTime={r.createdAt}>{formatAbuja(r.createdAt)}</time> (Abuja time)
                </dd>
                <dt>Last changed</dt>
                <dd>
                  <time dateTime={r.updatedAt}>{formatAbuja(r.updatedAt)}</time>
                </dd>
                {r.closedAt && (
                  <>
                    <dt>Closed</dt>
                    <dd>{formatAbuja(r.closedAt)}</dd>
                  </>
                )}
                {r.erasedAt ? (
                  <>
                    <dt>Personal data</dt>
                    <dd>Erased on {formatAbuja(r.erasedAt)}</dd>
                  </>
                ) : (
                  <>
                    <dt>Name</dt>
                    <dd>{r.name ?? '—'}</dd>
                    <dt>E-mail</dt>
                    <dd>{r.email ? <a href={mailtoHref(r.email)}>{r.email}</a> : '—'}</dd>
                    <dt>Phone</dt>
                    <dd>{r.phone ? <a href={`tel:${r.phone}`}>{formatE164Nigeria(r.phone)}</a> : '—'}</dd>
                  </>
                )}
              </dl>
            </section>
            <section className="staff-card" aria-labelledby="sent-heading">
              <h2 id="sent-heading">What they sent</h2>
              {fields.length ? (
                <dl className="staff-dl">
                  {fields.map((f) => (
                    <Fragment key={f.key}>
                      <dt>{f.label}</dt>
                      <dd>{f.value}</dd>
                    </Fragment>
                  ))}
                </dl>
              ) : (
                <p>Nothing else.</p>
              )}
              {post && (
                <p>
                  On the post <Link to={`/blogDetails?post=${post.slug}`}>{post.title}</Link>
                  {r.publishedAt ? `, published ${formatAbuja(r.publishedAt)}` : ', not published'}.
                </p>
              )}
            </section>
            <section className="staff-card" aria-labelledby="history-heading">
              <h2 id="history-heading">History</h2>
              <ol className="staff-history">
                {history.map((h, i) => (
                  <li key={i}>
                    <time dateTime={h.at}>{formatAbuja(h.at)}</time>
                    {historyText(h, r.kind)} <span>by {h.by === 'visitor' && r.kind === 'reply' ? 'the patient' : h.by}</span>
                    {h.booking && (
                      <>
                        {' '}
                        <Link to={`/staff/bookings/${h.booking}`}>Booking {h.booking}</Link>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            </section>
          </div>
          <div>
            {r.kind === 'comment' && !r.publishedAt && !r.erasedAt && (
              <section className="staff-card" aria-labelledby="moderate-heading">
                <h2 id="moderate-heading">Moderate</h2>
                <p>Approving publishes the comment under its post; rejecting deletes it.</p>
                <div className="staff-actions">
                  {MODERATION.map((m) => (
                    <Form method="post" key={m.intent}>
                      <input type="hidden" name="version" value={r.version} />
                      <button type="submit" name="intent" value={m.intent} className={m.className}>
                        {m.label}
                      </button>
                    </Form>
                  ))}
                </div>
              </section>
            )}
            {r.kind === 'reply' && !r.erasedAt && visitOfReply && (
              <section className="staff-card" aria-labelledby="reply-visit-heading">
                <h2 id="reply-visit-heading">Their visit</h2>
                <p>The patient replied about this visit. Nothing was changed by their message.</p>
                <Link to={`/staff/bookings/${visitOfReply}`} className="btn btn--primary">
                  Open visit {visitOfReply}
                </Link>
              </section>
            )}
            {r.kind === 'appointment' && !r.erasedAt && (
              <section className="staff-card" aria-labelledby="book-heading">
                <h2 id="book-heading">Book a visit</h2>
                <p>Choose a free time with the patient on the phone: the booking marks this request booked.</p>
                <Link to={`/staff/bookings/new?request=${r.reference}`} className="btn btn--primary">
                  Book from this request
                </Link>
              </section>
            )}
            <section className="staff-card" aria-labelledby="status-heading">
              <h2 id="status-heading">Change status</h2>
              <IntentForm intent="status" version={r.version} formKey={formKey} echo={echo}>
                  {r.kind === 'reply' ? (
                    <SelectField label="Status" name="status" defaultValue={r.status} options={replyStatusOptions(r.status, echo?.intent === 'status' ? echo.values.status : undefined)} hint={replyStatusHint(visitOfReply)} />
                  ) : (
                    <>
                      <SelectField label="Status" name="status" defaultValue={r.status} options={requestStatus.options()} />
                      <div className="staff-form__row">
                        <TextField label="Visit date" name="date" type="date" defaultValue={visit.date} hint="For Booked" />
                        <TextField label="Visit time" name="time" type="time" defaultValue={visit.time} hint="Abuja time" step={300} />
                      </div>
                    </>
                  )}
                  <button type="submit" className="btn btn--primary">
                    Save status
                  </button>
              </IntentForm>
            </section>
            {!r.erasedAt && (
              <section className="staff-card" aria-labelledby="note-heading">
                <h2 id="note-heading">Internal note</h2>
                <IntentForm intent="note" version={r.version} formKey={formKey} echo={echo}>
                    <TextAreaField label="Note (staff only)" name="note" defaultValue={r.note ?? ''} rows={4} maxLength={2000} />
                    <button type="submit" className="btn btn--outline">
                      Save note
                    </button>
                </IntentForm>
              </section>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
