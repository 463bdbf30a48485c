import type { FieldErrors } from '../platform/form-fields';
import type { FormValues } from './fields';
import type { AnyDoc, KindId } from './kinds';
import type { LibraryPicture } from './pictures';

/** An item's editorial state (server/publishing/repo.ts): its working copy, version, revisions and schedule, and what is live. */
export interface EntryState {
  kind: KindId;
  id: string;
  /** Moves with every save: a save or publish made from an older version is a conflict. */
  version: number;
  /** Unpublished changes (the form as last saved), or null when it is as published. */
  draft: FormValues | null;
  draftSavedAt: string | null;
  draftSavedBy: string | null;
  /** The number of the last revision (0: never published). */
  revision: number;
  publishedAt: string | null;
  /** A publication waiting for its time. */
  scheduled: { for: string; by: string } | null;
  /** What the site shows now, or null when it is not on the site. */
  live: AnyDoc | null;
}

export interface RevisionSummary {
  n: number;
  at: string;
  byName: string;
  /** The fields' labels that changed from the revision before. */
  changed: string[];
  note: string;
}

/** The choices a kind's form offers from data (services, team members, categories, pictures). */
export interface EditorChoices {
  [key: string]: readonly { value: string; label: string }[];
}

/** The editor page's data (/staff/content/:kind/:id). */
export interface EditorData {
  staffName: string;
  kind: KindId;
  id: string;
  state: EntryState;
  /** The form's values: the working copy, else what is live. */
  values: FormValues;
  choices: EditorChoices;
  pictures: LibraryPicture[];
  revisions: RevisionSummary[];
  /** The public page that shows it, with the preview switch (editors only), or null. */
  previewHref: string | null;
  /** Why it cannot be taken off the site, said before anyone tries (a practitioner with future visits). */
  takeDownRefusal: string | null;
}

/** What the editor's actions answer (saved, published, refused…), with everything typed. */
export type EditorActionData =
  | { outcome: 'saved'; version: number; savedAt: string; intent: string; message?: string; errors?: FieldErrors }
  | { outcome: 'invalid'; intent: string; message: string; errors: FieldErrors; values: FormValues; version: number }
  | { outcome: 'conflict'; intent: string; message: string; values: FormValues; current: EntryState; theirs: FormValues }
  | { outcome: 'refused'; intent: string; message: string; values?: FormValues; version?: number }
  | { outcome: 'unavailable'; intent: string; message: string; values: FormValues; version: number };
