import type { FieldErrors } from '../platform/form-fields';
import type { AnswerBlock } from './answers';
import type { IntakeDefinition, SectionId } from './definition';
import type { Posted } from './schemas';

/**
 * What the new-patient form's pages receive (server/intake/pages/*.ts) and their views read
 * (shared/intake/pages/*.tsx). JSON-safe: moments are ISO strings.
 */

export interface FormVisit {
  reference: string;
  startsAt: string;
  endsAt: string;
  practitionerId: string;
  /** The booking's own page (the manage link). */
  manageHref: string;
  /** The form's address. */
  formHref: string;
}

export interface Step {
  id: SectionId;
  title: string;
  done: boolean;
}

export type RefusalReason = 'bad-link' | 'no-form' | 'cancelled' | 'unavailable';

export interface ReadLineView {
  at: string;
  by: string;
  role: 'admin' | 'practitioner';
}

export type FormPageData =
  | { kind: 'refused'; reason: RefusalReason; manageHref: string | null }
  | { kind: 'gate'; visit: FormVisit; first: boolean; lockedUntil: string | null }
  | {
      kind: 'section';
      visit: FormVisit;
      section: SectionId;
      steps: Step[];
      /** The questions and texts being answered now (the current version). */
      version: number;
      definition: IntakeDefinition;
      /** The section as saved, to fill the fields in again. */
      values: Posted;
      /** The patient's name and e-mail from "About you" (the signature, the news). */
      about: { fullName: string; email: string | null } | null;
      /** Today in Abuja (the signature's date). */
      today: string;
      /** How long the answers are kept, in words ("10 years"). */
      retention: string;
      editable: boolean;
      /** The section just saved, said first. */
      saved: SectionId | null;
      /** A red-flag answer is on the form: the page tells the patient to call. */
      redFlag: boolean;
      /** Why this section cannot be saved yet (the health questions before the consent to keep them). */
      blocked: string | null;
      submitted: boolean;
    }
  | {
      kind: 'summary';
      visit: FormVisit;
      steps: Step[];
      status: 'draft' | 'submitted' | 'withdrawn';
      blocks: AnswerBlock[];
      reads: ReadLineView[];
      editable: boolean;
      redFlag: boolean;
      submittedAt: string | null;
      dataWithdrawnAt: string | null;
      treatmentWithdrawnAt: string | null;
      news: boolean;
      downloadHref: string;
      notice: 'sent' | 'withdrawn-data' | 'withdrawn-treatment' | 'withdrawn-news' | null;
    };

/** The form's POST answers: every refusal keeps what was typed. */
export type FormActionData =
  | { kind: 'gate'; message: string; errors: FieldErrors; values: Record<string, string>; lockedUntil?: string; triesLeft?: number }
  | { kind: 'section'; section: SectionId; message: string; errors: FieldErrors; values: Posted }
  /** The form closed on this device (its session lapsed) while a section was being filled in: the gate, with what was typed kept. */
  | { kind: 'reopen'; section: SectionId; message: string; values: Posted; errors: FieldErrors }
  | { kind: 'refused'; message: string };

export interface StaffFormData {
  staffName: string;
  newCount: number;
  visit: { reference: string; startsAt: string; endsAt: string; practitionerId: string; patientName: string | null; serviceId: string };
  state: 'none' | 'unreadable' | 'answers';
  status: 'draft' | 'submitted' | 'withdrawn' | null;
  redFlag: boolean;
  blocks: AnswerBlock[];
  reads: ReadLineView[];
  submittedAt: string | null;
  updatedAt: string | null;
  consentVersion: number | null;
  dataWithdrawnAt: string | null;
  treatmentWithdrawnAt: string | null;
  meta: { title: string; description: string };
}

export interface QuestionsData {
  staffName: string;
  version: number;
  publishedAt: string;
  publishedBy: string;
  /** The editor's fields: one question per line, and the three consent texts. */
  values: { redFlags: string; conditions: string; treatment: string; data: string; news: string };
  history: { version: number; createdAt: string; createdByName: string }[];
  /** Just published (`?published=N`). */
  published: number | null;
}

export type QuestionsActionData = { message: string; errors: FieldErrors; values: Record<string, string>; stale?: boolean };
