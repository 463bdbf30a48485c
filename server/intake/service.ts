import { asc, eq, sql } from 'drizzle-orm';
import type { AppointmentView } from '../../shared/booking/results';
import { lagosDate } from '../../shared/booking/time';
import { answersReader } from '../../shared/intake/access';
import { answerBlocks, hasRedFlag, type AnswerBlock, type IntakeDocument, type SavedSection } from '../../shared/intake/answers';
import { HEALTH_SECTIONS, SECTION_IDS, SECTIONS, type SectionId } from '../../shared/intake/definition';
import { checkBirthDate, checkSection, type Posted, type SectionValues } from '../../shared/intake/schemas';
import type { SessionUser } from '../../shared/platform/session';
import type { FieldErrors } from '../../shared/platform/form-fields';
import type { BookingService } from '../booking/service';
import type { VisitForms } from '../booking/visit-forms';
import type { Db, Tx } from '../platform/db/db';
import type { Store } from '../platform/db/store';
import { queueMail } from '../platform/mail/outbox';
import { dobCheck, sameCheck, sessionKey, UndecryptableError, type IntakeKeyring } from './crypto';
import { createForm, dataKeyOf, documentOf, formOfVisit, redFlagOf, sealed } from './forms';
import { editableNow, hasForm, visitFormsOf } from './visit-forms';
import { lockedNotice, redFlagNotice, withdrawnNotice } from './mails';
import { intakeForms, intakeReads, type IntakeFormRow } from './schema';
import { closeSessionHeader, hasSession, openSessionHeader } from './session';
import { versionsOf, type Versions } from './versions';

/** Wrong dates of birth in a row before the form locks, and for how long. */
export const GATE_TRIES = 5;
export const LOCK_MINUTES = 60;

/** The optional news: the requests domain's newsletter, handed over by the composition. */
export interface NewsConsent {
  subscribe(email: string): Promise<void>;
  unsubscribe(email: string): Promise<void>;
}

export interface IntakeDeps {
  store: Store;
  keys: IntakeKeyring;
  /** Opens visits by manage link and by reference (the booking domain's, below this one). */
  booking: Pick<BookingService, 'byManageToken' | 'appointmentByReference'>;
  publicOrigin: string;
  /** Where the clinic's notices go (CLINIC_INBOX_EMAIL); null: none. */
  clinicInbox: string | null;
  /** Session cookies only over HTTPS (production). */
  secureCookies: boolean;
  /** Tells the outbox worker a notice is queued. */
  wake?: () => void;
  news?: NewsConsent;
  /** The booking pages' view of the forms (visit-forms.ts), when the composition made it first (the booking core uses it too). */
  visitForms?: VisitForms;
  /** INTAKE_RETENTION_MONTHS: how long after its visit a form is kept (the form says so). */
  retentionMonths: number;
  now?: () => Date;
}

export type Refusal = { kind: 'refused'; status: number; reason: 'bad-link' | 'no-form' | 'cancelled' | 'unavailable' };

/** A visit's form as its manage link opens it: refused, at the gate, or open on this device. */
export type Opened =
  | Refusal
  | { kind: 'gate'; visit: AppointmentView; manageToken: string; first: boolean; lockedUntil: Date | null }
  | { kind: 'open'; visit: AppointmentView; manageToken: string; row: IntakeFormRow; dataKey: Buffer; doc: IntakeDocument; editable: boolean };

export type OpenForm = Extract<Opened, { kind: 'open' }>;

export type GateResult =
  | Refusal
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'locked'; until: Date }
  | { kind: 'opened'; setCookie: string };

export type SaveResult = { ok: true; next: SectionId | 'summary'; redFlag: boolean } | { ok: false; status: number; errors: FieldErrors };

export type StaffRead =
  | { kind: 'not-found' }
  | { kind: 'forbidden'; visit: AppointmentView }
  | { kind: 'none'; visit: AppointmentView }
  | { kind: 'unreadable'; visit: AppointmentView; row: IntakeFormRow }
  | { kind: 'answers'; visit: AppointmentView; row: IntakeFormRow; blocks: AnswerBlock[]; redFlag: boolean; reads: ReadLine[] };

export interface ReadLine {
  at: string;
  by: string;
  role: 'admin' | 'practitioner';
}

export interface IntakeService {
  readonly versions: Versions;
  /** The booking pages' view of the forms (handed to them by the composition). */
  readonly visitForms: VisitForms;
  open(token: string, cookieHeader: string | null): Promise<Opened>;
  gate(token: string, fields: { day: string; month: string; year: string }): Promise<GateResult>;
  save(form: OpenForm, section: SectionId, posted: Posted): Promise<SaveResult>;
  withdraw(form: OpenForm, what: 'data' | 'treatment' | 'news'): Promise<{ ok: boolean }>;
  /** Closes the form on this device (the Set-Cookie header). */
  close(form: OpenForm): string;
  /** Keeps the form open on this device a while longer (the Set-Cookie header). */
  renew(form: OpenForm): string;
  blocks(doc: IntakeDocument): Promise<AnswerBlock[]>;
  readsOf(formId: number): Promise<ReadLine[]>;
  readonly retentionMonths: number;
  /** The answers for a member of staff: only the treating practitioner and admins, and every read logged. */
  readForStaff(reference: string, viewer: SessionUser): Promise<StaffRead>;
  now(): Date;
}


export function createIntakeService(deps: IntakeDeps): IntakeService {
  const { store } = deps;
  const db = store.db;
  const now = () => deps.now?.() ?? new Date();
  const versions = versionsOf(db);
  const key = () => sessionKey(deps.keys);

  async function visitOf(token: string): Promise<{ visit: AppointmentView; manageToken: string } | Refusal> {
    const found = await deps.booking.byManageToken(token);
    if (!found.ok) return { kind: 'refused', status: 403, reason: 'bad-link' };
    const visit = found.appointment;
    if (!hasForm(visit)) return { kind: 'refused', status: 404, reason: 'no-form' };
    if (visit.status === 'cancelled') return { kind: 'refused', status: 410, reason: 'cancelled' };
    return { visit, manageToken: found.manageToken ?? token };
  }

  async function notify(tx: Tx, mail: Parameters<typeof queueMail>[1] | null) {
    if (mail) await queueMail(tx, mail);
  }

  const visitForms = deps.visitForms ?? visitFormsOf({ db, keys: deps.keys, now });

  return {
    versions,
    visitForms,
    now,
    retentionMonths: deps.retentionMonths,

    async open(token, cookieHeader) {
      const found = await visitOf(token);
      if ('kind' in found) return found;
      const { visit, manageToken } = found;
      const row = await formOfVisit(db, visit.id);
      const at = now();
      if (!row) return { kind: 'gate', visit, manageToken, first: true, lockedUntil: null };
      const lockedUntil = row.lockedUntil && row.lockedUntil.getTime() > at.getTime() ? row.lockedUntil : null;
      if (lockedUntil || !hasSession(key(), cookieHeader, row, at)) return { kind: 'gate', visit, manageToken, first: false, lockedUntil };
      try {
        const dataKey = dataKeyOf(deps.keys, row);
        return { kind: 'open', visit, manageToken, row, dataKey, doc: documentOf(dataKey, row), editable: editableNow(visit, at) };
      } catch (error) {
        if (error instanceof UndecryptableError) return { kind: 'refused', status: 503, reason: 'unavailable' };
        throw error;
      }
    },

    async gate(token, fields) {
      const found = await visitOf(token);
      if ('kind' in found) return found;
      const { visit } = found;
      const at = now();
      const checked = checkBirthDate(fields, lagosDate(at));
      if (!checked.ok) return { kind: 'invalid', errors: checked.errors };
      const dob = checked.date;
      try {
        return await db.transaction(async (tx): Promise<GateResult> => {
          let row = await formOfVisit(tx, visit.id, true);
          if (!row) {
            // The first time: the date given is the one asked for from now on.
            const made = await createForm(tx, deps.keys, visit.id, dob, at);
            if (made) return { kind: 'opened', setCookie: openSessionHeader(key(), made.row, at, deps.secureCookies) };
            row = (await formOfVisit(tx, visit.id, true))!;
          }
          if (row.lockedUntil && row.lockedUntil.getTime() > at.getTime()) return { kind: 'locked', until: row.lockedUntil };
          if (sameCheck(dobCheck(dataKeyOf(deps.keys, row), visit.id, dob), row.dobCheck)) {
            if (row.failedAttempts) await tx.update(intakeForms).set({ failedAttempts: 0 }).where(eq(intakeForms.id, row.id));
            return { kind: 'opened', setCookie: openSessionHeader(key(), row, at, deps.secureCookies) };
          }
          const failed = row.failedAttempts + 1;
          if (failed < GATE_TRIES) {
            await tx.update(intakeForms).set({ failedAttempts: failed }).where(eq(intakeForms.id, row.id));
            return { kind: 'wrong', triesLeft: GATE_TRIES - failed };
          }
          // Locked: the count starts again, every open session of the form ends, the clinic is told.
          const until = new Date(at.getTime() + LOCK_MINUTES * 60_000);
          await tx
            .update(intakeForms)
            .set({ failedAttempts: 0, lockedUntil: until, sessionVersion: sql`${intakeForms.sessionVersion} + 1` })
            .where(eq(intakeForms.id, row.id));
          await notify(tx, deps.clinicInbox ? lockedNotice({ reference: visit.reference, until, publicOrigin: deps.publicOrigin, to: deps.clinicInbox }) : null);
          return { kind: 'locked', until };
        });
      } catch (error) {
        if (error instanceof UndecryptableError) return { kind: 'refused', status: 503, reason: 'unavailable' };
        throw error;
      } finally {
        deps.wake?.();
      }
    },

    async save(form, section, posted) {
      if (!form.editable) return { ok: false, status: 409, errors: { _form: 'This form can no longer be changed: your visit has started or is no longer booked. Please tell your practitioner at the visit.' } };
      const { visit } = form;
      const at = now();
      const current = await versions.current();
      let news: { was: boolean; now: boolean; email: string | null } | null = null;
      const result = await db.transaction(async (tx): Promise<SaveResult> => {
        const row = (await formOfVisit(tx, visit.id, true))!;
        const doc = documentOf(form.dataKey, row);
        const refusal = orderRefusal(section, doc, row);
        if (refusal) return { ok: false, status: 422, errors: { _form: refusal } };
        const about = doc.sections.about?.values ?? null;
        const checked = checkSection(section, posted, { definition: current.definition, about });
        if (!checked.ok) return { ok: false, status: 422, errors: checked.errors };
        const hadFlag = hasRedFlag(doc);
        const wasNews = doc.sections.consent?.values.news ?? false;
        (doc.sections as Record<SectionId, SavedSection>)[section] = { version: current.version, savedAt: at.toISOString(), values: checked.values };
        const set: Partial<typeof intakeForms.$inferInsert> = { ...sealed(form.dataKey, visit.id, doc), updatedAt: at };
        if (section === 'privacy' && row.status === 'withdrawn') set.status = 'draft';
        if (section === 'consent') {
          set.status = 'submitted';
          set.consentVersion = current.version;
          set.treatmentWithdrawnAt = null;
          if (!row.submittedAt) set.submittedAt = at;
          const values = checked.values as SectionValues['consent'];
          news = { was: wasNews, now: values.news, email: doc.sections.about?.values.email ?? null };
        }
        const redFlag = hasRedFlag(doc);
        if (redFlag && !hadFlag && !row.flagNotifiedAt) {
          set.flagNotifiedAt = at;
          await notify(tx, deps.clinicInbox ? redFlagNotice({ reference: visit.reference, publicOrigin: deps.publicOrigin, to: deps.clinicInbox }) : null);
        }
        await tx.update(intakeForms).set(set).where(eq(intakeForms.id, row.id));
        const status = set.status ?? row.status;
        return { ok: true, redFlag, next: status === 'submitted' ? 'summary' : nextSection(section) };
      });
      deps.wake?.();
      const change = news as { was: boolean; now: boolean; email: string | null } | null;
      if (result.ok && change?.email && change.was !== change.now && deps.news) await (change.now ? deps.news.subscribe(change.email) : deps.news.unsubscribe(change.email));
      return result;
    },

    async withdraw(form, what) {
      const { visit } = form;
      const at = now();
      let unsubscribe: string | null = null;
      const done = await db.transaction(async (tx) => {
        const row = (await formOfVisit(tx, visit.id, true))!;
        const doc = documentOf(form.dataKey, row);
        if (what === 'data') {
          if (row.status === 'withdrawn') return false;
          // Every answer goes; the date of birth stays (it opens the form, should they fill it in again).
          await tx
            .update(intakeForms)
            .set({ ...sealed(form.dataKey, visit.id, { dob: doc.dob, sections: {} }), status: 'withdrawn', dataWithdrawnAt: at, consentVersion: null, treatmentWithdrawnAt: null, updatedAt: at })
            .where(eq(intakeForms.id, row.id));
        } else if (what === 'treatment') {
          if (row.status !== 'submitted' || row.treatmentWithdrawnAt) return false;
          await tx.update(intakeForms).set({ treatmentWithdrawnAt: at, updatedAt: at }).where(eq(intakeForms.id, row.id));
        } else {
          const consent = doc.sections.consent;
          if (!consent?.values.news) return false;
          consent.values.news = false;
          unsubscribe = doc.sections.about?.values.email ?? null;
          await tx.update(intakeForms).set({ ...sealed(form.dataKey, visit.id, doc), updatedAt: at }).where(eq(intakeForms.id, row.id));
          return true;
        }
        await notify(tx, deps.clinicInbox ? withdrawnNotice({ reference: visit.reference, what, publicOrigin: deps.publicOrigin, to: deps.clinicInbox }) : null);
        return true;
      });
      deps.wake?.();
      if (unsubscribe && deps.news) await deps.news.unsubscribe(unsubscribe);
      return { ok: done };
    },

    close: (form) => closeSessionHeader(form.visit.id, deps.secureCookies),
    renew: (form) => openSessionHeader(key(), form.row, now(), deps.secureCookies),

    async blocks(doc) {
      const used = Object.values(doc.sections).map((s) => (s as SavedSection).version);
      return answerBlocks(doc, await versions.many(used));
    },

    readsOf: (formId) => readsOf(db, formId),

    async readForStaff(reference, viewer) {
      const found = await deps.booking.appointmentByReference(reference);
      if (!found) return { kind: 'not-found' };
      const visit = found.appointment;
      const reader = answersReader(viewer, visit.practitionerId);
      if (!reader) return { kind: 'forbidden', visit };
      const row = await formOfVisit(db, visit.id);
      if (!row) return { kind: 'none', visit };
      let doc: IntakeDocument;
      let redFlag: boolean;
      try {
        const dataKey = dataKeyOf(deps.keys, row);
        doc = documentOf(dataKey, row);
        redFlag = redFlagOf(dataKey, row);
      } catch (error) {
        if (error instanceof UndecryptableError) return { kind: 'unreadable', visit, row };
        throw error;
      }
      // Logged before anything is shown: a read that is not recorded does not happen.
      await db.insert(intakeReads).values({ formId: row.id, readerUid: viewer.uid, readerName: viewer.displayName || viewer.email || viewer.uid, readerRole: reader, at: now() });
      const used = Object.values(doc.sections).map((s) => (s as SavedSection).version);
      return { kind: 'answers', visit, row, blocks: answerBlocks(doc, await versions.many(used)), redFlag, reads: await readsOf(db, row.id) };
    },
  };
}

/** Why a section cannot be saved yet (the order the form asks for), or null. */
function orderRefusal(section: SectionId, doc: IntakeDocument, row: IntakeFormRow): string | null {
  if (HEALTH_SECTIONS.includes(section) && (!doc.sections.privacy || row.status === 'withdrawn')) {
    return `Please first agree to how we keep your health information (“${SECTIONS.privacy.title}”).`;
  }
  if (section === 'consent') {
    const missing = SECTION_IDS.filter((id) => id !== 'consent' && !doc.sections[id]);
    if (missing.length) return `Please complete ${missing.map((id) => `“${SECTIONS[id].title}”`).join(', ')} first.`;
  }
  return null;
}

const nextSection = (section: SectionId): SectionId | 'summary' => SECTION_IDS[SECTION_IDS.indexOf(section) + 1] ?? 'summary';

export async function readsOf(db: Db, formId: number): Promise<ReadLine[]> {
  const rows = await db.select().from(intakeReads).where(eq(intakeReads.formId, formId)).orderBy(asc(intakeReads.at), asc(intakeReads.id));
  return rows.map((r) => ({ at: r.at.toISOString(), by: r.readerName, role: r.readerRole }));
}
