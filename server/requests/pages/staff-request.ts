import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { abujaDateTime } from '../../../shared/platform/clinic-time';
import { parseClock, parseDay, parseId } from '../../../shared/platform/parse';
import { isStorableText } from '../../../shared/platform/storable-text';
import { kindOfReference, REFERENCE_PATTERN, requestKind, requestStatus, settableStatuses, type RequestKind, type RequestStatus } from '../../../shared/requests/kinds';
import { describePayload } from '../../../shared/requests/staff/labels';
import type { StaffActionData, StaffRequestData } from '../../../shared/requests/staff/types';
import { platformContext, requireStaff } from '../../platform/render/route-context';
import { requestsContext } from '../context';
import { clinicContext } from '../../clinic/context';
import { fullAddressOf } from '../../../shared/clinic/site-facts';
import { approveComment, changeStatus, countNew, findRequest, rejectComment, saveNote, type ChangeResult } from '../staff/repo';
import { actorOf, iso } from '../staff/page-data';

const notFound = () => data({ message: 'There is no request with this reference.' }, { status: 404, statusText: 'Not Found' });

/** /staff/requests/:reference: everything submitted, with its history. */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<StaffRequestData> {
  const user = requireStaff(context, request);
  const clinic = context.get(clinicContext);
  const { store } = context.get(platformContext);
  const reference = String(params.reference ?? '').toUpperCase();
  if (!REFERENCE_PATTERN.test(reference)) throw notFound();
  const [found, newCount] = await Promise.all([findRequest(store.db, reference), countNew(store.db)]);
  if (!found) throw notFound();
  const r = found.request;
  const postId = r.kind === 'comment' && typeof r.payload.postId === 'string' ? r.payload.postId : null;
  const postTitle = postId ? await context.get(requestsContext).postTitle(postId) : null;
  return {
    staffName: user.displayName || user.email || 'Staff',
    newCount,
    request: {
      reference: r.reference,
      kind: r.kind,
      status: r.status,
      version: r.version,
      name: r.name,
      email: r.email,
      phone: r.phone,
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
      closedAt: iso(r.closedAt),
      visitAt: iso(r.visitAt),
      publishedAt: iso(r.publishedAt),
      erasedAt: iso(r.erasedAt),
      note: r.note,
    },
    fields: describePayload(r.kind, r.payload, { site: await clinic.siteFacts(), practitioners: (await clinic.facts()).practitioners, postTitles: postId && postTitle ? { [postId]: postTitle } : {} }),
    post: postId && postTitle ? { slug: postId, title: postTitle } : null,
    history: found.events.map((e) => ({
      at: iso(e.at)!,
      action: e.action,
      by: typeof e.detail.by === 'string' ? e.detail.by : e.actor === 'visitor' || e.actor === 'system' ? e.actor : 'staff',
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      visitAt: typeof e.detail.visitAt === 'string' ? e.detail.visitAt : null,
      booking: typeof e.detail.booking === 'string' ? e.detail.booking : null,
      via: e.detail.via === 'whatsapp' || e.detail.via === 'sms' ? e.detail.via : null,
    })),
    meta: { title: `${requestKind.label(r.kind)} ${r.reference}`, description: 'A request from the website, for the clinic’s staff.' },
  };
}

const CONFLICT = 'Someone else changed this request while you were looking at it, so your change was not saved. The page now shows their change; what you typed is kept below. Check it and send again.';

function refuse(intent: string, values: Record<string, string>, errors: Record<string, string>) {
  return data({ intent, outcome: 'invalid', message: 'Please correct the marked fields.', errors, values } satisfies StaffActionData, { status: 422, statusText: 'Unprocessable Content' });
}

/** Why a kind cannot take a status, at the status field (today: a patient's reply is never "Booked"). */
function notSettable(kind: RequestKind, status: RequestStatus): string {
  const allowed = settableStatuses(kind).map((s) => requestStatus.label(s));
  const choose = `Choose ${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}.`;
  return kind === 'reply'
    ? `A patient’s reply cannot be ${requestStatus.label(status)}: change their visit on its own page (“Their visit”), or book one from the Calendar. ${choose}`
    : `A ${requestKind.label(kind).toLowerCase()} cannot be ${requestStatus.label(status)}. ${choose}`;
}

/** Status changes, the note, and approving or rejecting a comment: POST forms with the version the staff member saw. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = requireStaff(context, request);
  const services = context.get(platformContext);
  const { store } = services;
  const reference = String(params.reference ?? '').toUpperCase();
  if (!REFERENCE_PATTERN.test(reference)) throw notFound();
  const form = await request.formData();
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const intent = field('intent');
  const version = parseId(field('version'));
  const actor = actorOf(user);
  const values: Record<string, string> = {};
  for (const name of ['status', 'date', 'time', 'note']) if (form.has(name)) values[name] = field(name).slice(0, 4000);
  if (version === null) return refuse(intent, values, { _form: 'This form is out of date: reload the page.' });

  let result: ChangeResult;
  let afterwards = `/staff/requests/${reference}?saved=${intent}`;
  switch (intent) {
    case 'status': {
      const status = values.status;
      if (!requestStatus.is(status)) return refuse(intent, values, { status: 'Please choose a status.' });
      // The reference names the kind: a crafted POST cannot make a patient's reply "Booked" either.
      const kind = kindOfReference(reference);
      if (kind && !settableStatuses(kind).includes(status)) return refuse(intent, values, { status: notSettable(kind, status) });
      let visitAt: Date | null = null;
      if (status === 'booked') {
        const errors: Record<string, string> = {};
        const date = parseDay(values.date);
        const time = parseClock(values.time);
        if (!date) errors.date = 'Please enter the visit’s date, like 2026-12-01.';
        if (!time) errors.time = 'Please enter the visit’s time, like 10:30.';
        if (!date || !time) return refuse(intent, values, errors);
        visitAt = new Date(abujaDateTime(date, time));
      }
      result = await changeStatus(store, { reference, version, status, visitAt, actor }, { publicOrigin: services.publicOrigin, address: fullAddressOf((await context.get(clinicContext).siteFacts()).location) });
      if (result.ok && visitAt) context.get(requestsContext).wakeOutbox();
      if (result.ok && result.publicContent) services.onContentChange();
      break;
    }
    case 'note': {
      if ((values.note ?? '').length > 2000) return refuse(intent, values, { note: 'Please keep the note under 2000 characters.' });
      if (!isStorableText(values.note ?? '')) return refuse(intent, values, { note: 'The note contains an invisible control character. Please delete it and type the text again.' });
      result = await saveNote(store, { reference, version, note: values.note ?? '', actor });
      break;
    }
    case 'approve':
      result = await approveComment(store, { reference, version, actor });
      if (result.ok) services.onContentChange();
      break;
    case 'reject':
      result = await rejectComment(store, { reference, version });
      if (result.ok) {
        services.logger.info('comment rejected and deleted', { reference, by: user.uid });
        services.onContentChange();
      }
      afterwards = `/staff?deleted=${reference}`;
      break;
    default:
      return refuse(intent, values, { _form: 'Unknown action.' });
  }
  if (!result.ok) {
    if (result.reason === 'not-found') throw notFound();
    return data({ intent, outcome: 'conflict', message: CONFLICT, values } satisfies StaffActionData, { status: 409, statusText: 'Conflict' });
  }
  // Post/redirect/get: a reload does not send the change again.
  throw redirect(afterwards, 303);
}
