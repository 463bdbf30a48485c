import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FieldErrors } from '../../shared/platform/form-fields';
import { isStorableText } from '../../shared/platform/storable-text';
import { slugify, type FormValues } from '../../shared/publishing/fields';
import { changedFields, kindSpec, titleFieldOf, type AnyDoc, type DocOf, type KindId } from '../../shared/publishing/kinds';
import type { EntryState, RevisionSummary } from '../../shared/publishing/types';
import type { Db, Tx } from '../platform/db/db';
import { kindStore } from './kinds';
import { PictureGone } from './pictures';
import { contentEntries, contentRevisions } from './schema';

/**
 * The editor's records (ADR 0043): every editable item has an entry with its working copy (the
 * form's values as typed, valid or not), an optimistic version that every save moves, its last
 * revision and a publication waiting for its time. A publish checks the values with the kind's
 * schema, writes the public table (server/publishing/kinds.ts) and a revision in one
 * transaction; the tables' triggers move the content version, so every instance empties its
 * page cache and reads the facts again.
 */

export interface Actor {
  uid: string;
  name: string;
}

export type Refused =
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'conflict'; current: EntryState }
  | { ok: false; reason: 'invalid'; errors: FieldErrors }
  | { ok: false; reason: 'refused'; message: string };

export type Outcome<T> = ({ ok: true } & T) | Refused;

/** The largest working copy kept (a post with a long body is about 50 kB). */
export const MAX_DRAFT_BYTES = 512 * 1024;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type EntryRow = typeof contentEntries.$inferSelect;

function stateOf(row: EntryRow, live: AnyDoc | null): EntryState {
  return {
    kind: row.kind,
    id: row.id,
    version: row.version,
    draft: row.draft,
    draftSavedAt: iso(row.draftSavedAt),
    draftSavedBy: row.draftSavedBy,
    revision: row.revision,
    publishedAt: iso(row.publishedAt),
    scheduled: row.scheduled && row.scheduledFor ? { for: row.scheduledFor.toISOString(), by: row.scheduledByName ?? '' } : null,
    live,
  };
}

/** The values a form starts from: the working copy, else what is live, else a new item's blank. */
export function valuesOf<K extends KindId>(kind: K, state: EntryState): FormValues {
  const spec = kindSpec(kind);
  if (state.draft) return state.draft;
  return state.live ? spec.toValues(state.live as DocOf[K]) : { ...spec.blank };
}

async function entryRow(db: Db | Tx, kind: KindId, id: string, lock = false): Promise<EntryRow | undefined> {
  const query = db.select().from(contentEntries).where(and(eq(contentEntries.kind, kind), eq(contentEntries.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/**
 * An item's editorial state, or null when there is no such item. An item that is live but has no
 * entry yet (added to its table by hand) gets one, so it can be edited like any other.
 */
export async function getEntry(db: Db, kind: KindId, id: string): Promise<EntryState | null> {
  const store = kindStore(kind);
  const [found, live] = await Promise.all([entryRow(db, kind, id), store.load(db, id)]);
  let row = found;
  if (!row && !live) return null;
  if (!row) {
    await db.insert(contentEntries).values({ kind, id, revision: 0 }).onConflictDoNothing();
    row = await entryRow(db, kind, id);
  }
  return stateOf(row!, live);
}

/** A listing of one kind: everything live and every entry not (yet) on the site, with its state. */
export async function listEntries(db: Db, kind: KindId): Promise<{ id: string; title: string; state: EntryState }[]> {
  const [live, rows] = await Promise.all([kindStore(kind).list(db), db.select().from(contentEntries).where(eq(contentEntries.kind, kind))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const blankRow = (id: string): EntryRow => ({ kind, id, draft: null, version: 1, draftSavedAt: null, draftSavedBy: null, revision: 0, publishedAt: null, scheduled: null, scheduledFor: null, scheduledByUid: null, scheduledByName: null, createdAt: new Date(0), updatedAt: new Date(0) });
  const items = live.map(({ id, doc }) => {
    const state = stateOf(byId.get(id) ?? blankRow(id), doc as AnyDoc);
    return { id, title: titleOf(kind, state), state };
  });
  const liveIds = new Set(live.map((l) => l.id));
  const unpublished = rows
    .filter((r) => !liveIds.has(r.id))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((r) => {
      const state = stateOf(r, null);
      return { id: r.id, title: titleOf(kind, state), state };
    });
  return [...unpublished, ...items];
}

/** An item's title for lists: from its working copy when it has one, else what is live. */
export function titleOf(kind: KindId, state: EntryState): string {
  const spec = kindSpec(kind);
  const field = spec.fields[0]!.name;
  const typed = state.draft?.[field];
  const text = typeof typed === 'string' && typed.trim() ? typed.trim() : state.live ? spec.title(state.live as never) : '';
  return text || `Untitled ${spec.label.toLowerCase()}`;
}

/** Values the database can keep (no NUL, no lone surrogate) and not too much of them; else the fields to correct. */
export function storableValues(values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, value] of Object.entries(values)) {
    if (!(Array.isArray(value) ? value : [value]).every(isStorableText)) errors[name] = 'This field contains a character we cannot store (an invisible control character). Please delete it and type the text again.';
  }
  if (Buffer.byteLength(JSON.stringify(values)) > MAX_DRAFT_BYTES) errors._form = 'This is more than an item can hold. Please shorten the text.';
  return errors;
}

/** A new item of a kind, with its first working copy; its id comes from its title (a service's: the next number). */
export async function createEntry(db: Db, kind: KindId, values: FormValues, actor: Actor): Promise<Outcome<{ id: string; version: number }>> {
  const spec = kindSpec(kind);
  if (spec.single) return { ok: false, reason: 'refused', message: `There is only one ${spec.label.toLowerCase()}.` };
  const errors = storableValues(values);
  if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors };
  const first = titleFieldOf(spec);
  const title = String(values[first.name] ?? '').trim();
  if (!title) return { ok: false, reason: 'invalid', errors: { [first.name]: `Please enter the ${first.label.toLowerCase()}.` } };
  const draft: FormValues = { ...spec.blank, ...values };
  if (spec.fields.some((f) => f.name === 'slug') && !draft.slug) draft.slug = slugify(title);
  for (let attempt = 0; ; attempt++) {
    const id = await newId(db, kind, title, attempt);
    const inserted = await db.insert(contentEntries).values({ kind, id, draft, version: 1, draftSavedAt: new Date(), draftSavedBy: actor.name }).onConflictDoNothing().returning({ id: contentEntries.id });
    if (inserted.length) return { ok: true, id, version: 1 };
  }
}

async function newId(db: Db, kind: KindId, title: string, attempt: number): Promise<string> {
  if (kind === 'service') {
    const [{ n }] = (await db.execute(sql`SELECT (greatest(
        (SELECT coalesce(max(id::integer), 0) FROM services WHERE id ~ '^[0-9]+$'),
        (SELECT coalesce(max(id::integer), 0) FROM content_entries WHERE kind = 'service' AND id ~ '^[0-9]+$')) + 1 + ${attempt})::text AS n`)) as unknown as { rows: [{ n: string }] }['rows'];
    return n;
  }
  const stem = (slugify(title.split(/\s+/).slice(0, 8).join(' ')) || kind).slice(0, 60).replace(/-+$/, '');
  const taken = async (id: string) => (await kindStore(kind).load(db, id)) !== null || (await entryRow(db, kind, id)) !== undefined;
  for (let n = 1 + attempt; ; n++) {
    const id = n === 1 ? stem : `${stem}-${n}`;
    if (!(await taken(id))) return id;
  }
}

/**
 * Saves the working copy if nobody saved since `version` (the version the editor's form was
 * made from): else the current state comes back, to be shown beside what was typed.
 */
export async function saveDraft(db: Db, input: { kind: KindId; id: string; version: number; values: FormValues; actor: Actor }): Promise<Outcome<{ version: number; savedAt: string }>> {
  const errors = storableValues(input.values);
  if (Object.keys(errors).length) return { ok: false, reason: 'invalid', errors };
  const now = new Date();
  const updated = await db
    .update(contentEntries)
    .set({ draft: input.values, version: sql`${contentEntries.version} + 1`, draftSavedAt: now, draftSavedBy: input.actor.name, updatedAt: now })
    .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id), eq(contentEntries.version, input.version)))
    .returning({ version: contentEntries.version });
  if (updated.length) return { ok: true, version: updated[0]!.version, savedAt: now.toISOString() };
  return missingOrConflict(db, input.kind, input.id);
}

async function missingOrConflict(db: Db, kind: KindId, id: string): Promise<Refused> {
  const current = await getEntry(db, kind, id);
  return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'not-found' };
}

/** The document the values make, with every check (the schema's, then the database's), or the fields to correct. */
async function checkedDoc<K extends KindId>(tx: Tx, kind: K, id: string, values: FormValues): Promise<{ ok: true; doc: DocOf[K] } | { ok: false; errors: FieldErrors }> {
  const stored = storableValues(values);
  if (Object.keys(stored).length) return { ok: false, errors: stored };
  const parsed = kindSpec(kind).parse(values);
  if (!parsed.ok) return parsed;
  const errors = await kindStore(kind).check(tx, id, parsed.doc);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, doc: parsed.doc };
}

/** Writes a document to the site and records it as the next revision. */
async function publishDoc<K extends KindId>(tx: Tx, kind: K, row: EntryRow, doc: DocOf[K], by: { uid: string | null; name: string }, note: string, now: Date): Promise<number> {
  const store = kindStore(kind);
  const previous = await store.load(tx, row.id);
  if (kind === 'post') {
    // A post's date is when it first went live; editing it later keeps it (unless the editor set one).
    const post = doc as DocOf['post'];
    post.publishAt ??= (previous as DocOf['post'] | null)?.publishAt ?? now.toISOString();
  }
  await store.apply(tx, row.id, doc, previous, now);
  const n = row.revision + 1;
  const changed = previous ? changedFields(kind, previous, doc) : ['First publication'];
  await tx.insert(contentRevisions).values({ kind, id: row.id, n, doc, changed, byUid: by.uid, byName: by.name, at: now, note });
  return n;
}

/** A picture chosen in the form but gone from the library: said at its field. */
function pictureErrors(kind: KindId): FieldErrors {
  const field = kindSpec(kind).fields.find((f) => f.type === 'picture');
  return { [field?.name ?? '_form']: 'This picture is no longer in the library. Please choose another.' };
}

/**
 * Publishes now: the values given (the form as sent) or else the working copy. The version must
 * be the entry's (nobody saved meanwhile). A post with a publish time still to come is refused
 * here: that is what Schedule is for.
 */
export async function publishNow(db: Db, input: { kind: KindId; id: string; version: number; values?: FormValues; actor: Actor; now?: Date }): Promise<Outcome<{ revision: number; version: number }>> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx): Promise<Outcome<{ revision: number; version: number }>> => {
      const checked = await lockedAndChecked(tx, input, 'publish');
      if (!checked.ok) return checked;
      const { row } = checked;
      if (input.kind === 'post') {
        const at = (checked.doc as DocOf['post']).publishAt;
        if (at && Date.parse(at) > now.getTime() + 60_000) return { ok: false, reason: 'invalid', errors: { publishAt: 'This time is still to come: choose “Schedule” to publish the post then, or empty the field to publish it now.' } };
      }
      const note = row.scheduled ? 'Published now (the scheduled publication was cancelled)' : '';
      const revision = await publishDoc(tx, input.kind, row, checked.doc, input.actor, note, now);
      const [next] = await tx
        .update(contentEntries)
        .set({ draft: null, version: row.version + 1, revision, publishedAt: now, scheduled: null, scheduledFor: null, scheduledByUid: null, scheduledByName: null, draftSavedAt: now, draftSavedBy: input.actor.name, updatedAt: now })
        .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id)))
        .returning({ version: contentEntries.version });
      return { ok: true, revision, version: next!.version };
    });
  } catch (error) {
    if (error instanceof PictureGone) return { ok: false, reason: 'invalid', errors: pictureErrors(input.kind) };
    throw error;
  }
}

/**
 * The entry, locked, if nobody saved since the version the form was made from, with the values
 * to publish (the form's, else the working copy) checked by the kind's schema.
 */
async function lockedAndChecked(tx: Tx, input: { kind: KindId; id: string; version: number; values?: FormValues }, what: 'publish' | 'schedule'): Promise<Refused | { ok: true; row: EntryRow; values: FormValues; doc: AnyDoc }> {
  const row = await entryRow(tx, input.kind, input.id, true);
  if (!row) return { ok: false, reason: 'not-found' };
  if (row.version !== input.version) return { ok: false, reason: 'conflict', current: stateOf(row, await kindStore(input.kind).load(tx, input.id)) };
  const values = input.values ?? row.draft ?? null;
  if (!values) return { ok: false, reason: 'refused', message: `There are no changes to ${what}.` };
  const checked = await checkedDoc(tx, input.kind, input.id, values);
  if (!checked.ok) return { ok: false, reason: 'invalid', errors: checked.errors };
  return { ok: true, row, values, doc: checked.doc };
}

/**
 * Schedules a publication: the document is checked now and kept; at its time the scheduler
 * (every instance runs one; the first to take the row publishes it) writes it to the site.
 */
export async function schedule(db: Db, input: { kind: KindId; id: string; version: number; values?: FormValues; at: Date; actor: Actor; now?: Date }): Promise<Outcome<{ version: number }>> {
  const now = input.now ?? new Date();
  if (!(input.at.getTime() > now.getTime())) return { ok: false, reason: 'invalid', errors: { scheduleAt: 'Please choose a time still to come.' } };
  try {
    return await db.transaction(async (tx): Promise<Outcome<{ version: number }>> => {
      const checked = await lockedAndChecked(tx, input, 'schedule');
      if (!checked.ok) return checked;
      const { row, values } = checked;
      // A post scheduled for a time is dated that time.
      if (input.kind === 'post') (checked.doc as DocOf['post']).publishAt = input.at.toISOString();
      const [next] = await tx
        .update(contentEntries)
        .set({ draft: values, version: row.version + 1, scheduled: checked.doc, scheduledFor: input.at, scheduledByUid: input.actor.uid, scheduledByName: input.actor.name, draftSavedAt: now, draftSavedBy: input.actor.name, updatedAt: now })
        .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id)))
        .returning({ version: contentEntries.version });
      return { ok: true, version: next!.version };
    });
  } catch (error) {
    if (error instanceof PictureGone) return { ok: false, reason: 'invalid', errors: pictureErrors(input.kind) };
    throw error;
  }
}

export async function cancelSchedule(db: Db, input: { kind: KindId; id: string; version: number; actor: Actor }): Promise<Outcome<{ version: number }>> {
  const updated = await db
    .update(contentEntries)
    .set({ scheduled: null, scheduledFor: null, scheduledByUid: null, scheduledByName: null, version: sql`${contentEntries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id), eq(contentEntries.version, input.version)))
    .returning({ version: contentEntries.version });
  return updated.length ? { ok: true, version: updated[0]!.version } : missingOrConflict(db, input.kind, input.id);
}

/**
 * Publishes every scheduled item whose time has come, one transaction each; rows another instance
 * is publishing are skipped (`SKIP LOCKED`), so each goes out once. Returns how many it published.
 */
export async function publishDue(db: Db, now: Date = new Date(), onError?: (error: unknown, item: { kind: string; id: string }) => void): Promise<number> {
  let published = 0;
  const failed = new Set<string>();
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(contentEntries)
        .where(and(isNotNull(contentEntries.scheduledFor), lte(contentEntries.scheduledFor, now), ...[...failed].map((k) => sql`(${contentEntries.kind} || '/' || ${contentEntries.id}) <> ${k}`)))
        .orderBy(asc(contentEntries.scheduledFor))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'none' as const;
      const doc = row.scheduled!;
      const spec = kindSpec(row.kind);
      try {
        const revision = await tx.transaction(async (inner) => {
          const errors = await kindStore(row.kind).check(inner, row.id, doc as never);
          if (Object.keys(errors).length) throw new Error(`scheduled publication refused: ${Object.values(errors).join(' ')}`);
          return publishDoc(inner, row.kind, row, doc as never, { uid: row.scheduledByUid, name: row.scheduledByName ?? 'Scheduled' }, `Published at its scheduled time (scheduled by ${row.scheduledByName ?? 'an editor'})`, now);
        });
        // The working copy was what went out: nothing is left unpublished.
        const draftDoc = row.draft ? spec.parse(row.draft) : null;
        const same = draftDoc?.ok && JSON.stringify({ ...draftDoc.doc, publishAt: null }) === JSON.stringify({ ...(doc as object), publishAt: null });
        await tx
          .update(contentEntries)
          .set({ ...(same ? { draft: null } : {}), version: row.version + 1, revision, publishedAt: now, scheduled: null, scheduledFor: null, scheduledByUid: null, scheduledByName: null, updatedAt: now })
          .where(and(eq(contentEntries.kind, row.kind), eq(contentEntries.id, row.id)));
        return 'published' as const;
      } catch (error) {
        onError?.(error, { kind: row.kind, id: row.id });
        failed.add(`${row.kind}/${row.id}`);
        return 'failed' as const;
      }
    });
    if (outcome === 'none') return published;
    if (outcome === 'published') published++;
  }
}

/** Publishes an earlier revision again, as a new revision (restoring is never lost either). */
export async function restoreRevision(db: Db, input: { kind: KindId; id: string; n: number; version: number; actor: Actor; now?: Date }): Promise<Outcome<{ revision: number; version: number }>> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx): Promise<Outcome<{ revision: number; version: number }>> => {
      const row = await entryRow(tx, input.kind, input.id, true);
      if (!row) return { ok: false, reason: 'not-found' };
      if (row.version !== input.version) return { ok: false, reason: 'conflict', current: stateOf(row, await kindStore(input.kind).load(tx, input.id)) };
      const [rev] = await tx.select().from(contentRevisions).where(and(eq(contentRevisions.kind, input.kind), eq(contentRevisions.id, input.id), eq(contentRevisions.n, input.n)));
      if (!rev) return { ok: false, reason: 'not-found' };
      const errors = await kindStore(input.kind).check(tx, input.id, rev.doc as never);
      if (Object.keys(errors).length) return { ok: false, reason: 'refused', message: `Revision ${input.n} cannot be published again: ${Object.values(errors).join(' ')}` };
      const revision = await publishDoc(tx, input.kind, row, rev.doc as DocOf[KindId], input.actor, `Restored revision ${input.n}`, now);
      const [next] = await tx
        .update(contentEntries)
        .set({ draft: null, version: row.version + 1, revision, publishedAt: now, draftSavedAt: now, draftSavedBy: input.actor.name, updatedAt: now })
        .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id)))
        .returning({ version: contentEntries.version });
      return { ok: true, revision, version: next!.version };
    });
  } catch (error) {
    if (error instanceof PictureGone) return { ok: false, reason: 'refused', message: `Revision ${input.n} shows a picture that is no longer in the library: choose a picture and publish instead.` };
    throw error;
  }
}

/** Takes an item off the site (its working copy and history stay, to publish again), unless its kind refuses (a practitioner with bookings). */
export async function takeDown(db: Db, input: { kind: KindId; id: string; version: number; actor: Actor }): Promise<Outcome<{ version: number }>> {
  return db.transaction(async (tx): Promise<Outcome<{ version: number }>> => {
    const row = await entryRow(tx, input.kind, input.id, true);
    const store = kindStore(input.kind);
    if (!row) return { ok: false, reason: 'not-found' };
    if (row.version !== input.version) return { ok: false, reason: 'conflict', current: stateOf(row, await store.load(tx, input.id)) };
    const live = await store.load(tx, input.id);
    if (!live) return { ok: false, reason: 'refused', message: 'It is not on the site.' };
    const refusal = await store.refusal(tx, input.id);
    if (refusal) return { ok: false, reason: 'refused', message: refusal };
    await store.remove(tx, input.id, live);
    const [next] = await tx
      .update(contentEntries)
      .set({ draft: row.draft ?? kindSpec(input.kind).toValues(live as never), version: row.version + 1, publishedAt: null, updatedAt: new Date() })
      .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id)))
      .returning({ version: contentEntries.version });
    return { ok: true, version: next!.version };
  });
}

/** Throws a working copy away (back to what is live), if nobody saved since `version`. */
export async function discardDraft(db: Db, input: { kind: KindId; id: string; version: number }): Promise<Outcome<{ version: number }>> {
  const updated = await db
    .update(contentEntries)
    .set({ draft: null, version: sql`${contentEntries.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contentEntries.kind, input.kind), eq(contentEntries.id, input.id), eq(contentEntries.version, input.version)))
    .returning({ version: contentEntries.version });
  return updated.length ? { ok: true, version: updated[0]!.version } : missingOrConflict(db, input.kind, input.id);
}

export async function listRevisions(db: Db, kind: KindId, id: string): Promise<RevisionSummary[]> {
  const rows = await db
    .select({ n: contentRevisions.n, at: contentRevisions.at, byName: contentRevisions.byName, changed: contentRevisions.changed, note: contentRevisions.note })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.id, id)))
    .orderBy(desc(contentRevisions.n));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

export async function getRevision(db: Db, kind: KindId, id: string, n: number): Promise<(RevisionSummary & { doc: AnyDoc }) | null> {
  const [r] = await db.select().from(contentRevisions).where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.id, id), eq(contentRevisions.n, n)));
  return r ? { n: r.n, at: r.at.toISOString(), byName: r.byName, changed: r.changed, note: r.note, doc: r.doc } : null;
}

/** How many items of each kind wait for their scheduled time, and how many have unpublished changes (the content home's summary). */
export async function kindSummaries(db: Db): Promise<Record<string, { drafts: number; scheduled: number }>> {
  const rows = await db
    .select({ kind: contentEntries.kind, drafts: sql<number>`count(*) FILTER (WHERE ${contentEntries.draft} IS NOT NULL)::int`, scheduled: count(contentEntries.scheduledFor) })
    .from(contentEntries)
    .groupBy(contentEntries.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, { drafts: r.drafts, scheduled: r.scheduled }]));
}
