import type { FieldErrors } from '../platform/form-fields';
import type { DepositRuleKind } from '../booking/deposits';
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
  /** A service's deposit rule (issue 48): shown to editors, changed by admins only; null for other kinds. */
  deposit?: DepositEditor | null;
}

/** The deposit rule's form on a service's page (shared/publishing/deposit-rule.tsx). */
export interface DepositEditor {
  rule: DepositRuleKind;
  /** Naira as typed, e.g. "5,000". */
  amount: string;
  policy: string;
  /** Only admins change it; editors see it. */
  canEdit: boolean;
  /** Whether the service is on the site (a rule needs its row). */
  live: boolean;
  /** False in production without PAYSTACK_SECRET_KEY: no deposit can be switched on. */
  takesPayments: boolean;
  errors?: FieldErrors;
}

/** What the editor's actions answer (saved, published, refused…), with everything typed. */
export type EditorActionData =
  | { outcome: 'saved'; version: number; savedAt: string; intent: string; message?: string; errors?: FieldErrors }
  | { outcome: 'invalid'; intent: string; message: string; errors: FieldErrors; values: FormValues; version: number }
  | { outcome: 'conflict'; intent: string; message: string; values: FormValues; current: EntryState; theirs: FormValues }
  | { outcome: 'refused'; intent: string; message: string; values?: FormValues; version?: number; deposit?: DepositEditor }
  | { outcome: 'unavailable'; intent: string; message: string; values: FormValues; version: number };

/** The content home (/staff/content). */
export interface ContentHomeData {
  staffName: string;
  kinds: { kind: KindId; label: string; intro: string; href: string; drafts: number; scheduled: number }[];
}

/** One kind's list (/staff/content/:kind). */
export interface ContentKindData {
  staffName: string;
  kind: KindId;
  items: { id: string; title: string; live: boolean; draft: boolean; scheduledFor: string | null; draftSavedAt: string | null; draftSavedBy: string | null }[];
}

/** A revision beside what is on the site (/staff/content/:kind/:id/revisions/:n). */
export interface RevisionData {
  staffName: string;
  kind: KindId;
  id: string;
  title: string;
  revision: RevisionSummary;
  /** The revision's fields, as the form shows them. */
  then: FormValues;
  /** What is on the site now, as the form shows it; null when it is off the site. */
  now: FormValues | null;
  /** The entry's version (the restore's optimistic check) and its latest revision's number. */
  version: number;
  latest: number;
}

/** Where a library picture is used. */
export interface MediaUse {
  kind: KindId;
  id: string;
  title: string;
  /** On the site (a public page shows it), or only in a draft or a scheduled publication. */
  place: 'site' | 'draft';
  href: string;
}

/** The picture library (/staff/content/media). */
export interface MediaPageData {
  staffName: string;
  pictures: { id: string; name: string; thumb: string; width: number; height: number; bytes: number; uploadedBy: string; uploadedAt: string; uses: MediaUse[] }[];
  /** Whether this server can store pictures (a media store is configured). */
  canUpload: boolean;
}

export type MediaActionData = { outcome: 'deleted'; id: string } | { outcome: 'in-use'; id: string; uses: MediaUse[]; message: string } | { outcome: 'refused'; message: string };
