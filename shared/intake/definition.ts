/**
 * The new-patient form (issue 47): its sections, and the parts the clinic edits (the red-flag
 * questions, the list of past conditions, the consent texts), which are versioned: a new version
 * is published by an editor (/staff/content/new-patient-form), and every saved section keeps the
 * version it answered, so what a patient agreed to or answered is always read in its own words.
 */

export interface IntakeQuestion {
  /** Stable while the wording stays the same (made from it): answers to an unchanged question carry over to a new version. */
  id: string;
  text: string;
}

export interface IntakeDefinition {
  /** Yes/no questions; a yes tells the patient to call now and flags the visit. */
  redFlags: IntakeQuestion[];
  /** "Have you ever had…": boxes to tick in the health history. */
  conditions: IntakeQuestion[];
  consent: {
    /** Consent to assessment and treatment, signed with the typed name. */
    treatment: string;
    /** Consent to keeping and using the health answers (NDPA 2023 s.30): never pre-ticked, asked before any health question. */
    data: string;
    /** Optional news by e-mail. */
    news: string;
  };
}

export interface IntakeVersion {
  version: number;
  definition: IntakeDefinition;
  createdAt: string;
  createdByName: string;
}

export const SECTION_IDS = ['about', 'privacy', 'visit', 'history', 'safety', 'consent'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const SECTIONS: Record<SectionId, { title: string; intro: string }> = {
  about: { title: 'About you', intro: 'How to reach you, and who to call if something happens to you at the clinic.' },
  privacy: { title: 'Your health information', intro: 'Before you tell us about your health, please read how we keep it.' },
  visit: { title: 'Why you are coming', intro: 'What brings you to us, where it hurts and what changes it.' },
  history: { title: 'Your health history', intro: 'Past problems, medicines, allergies and operations.' },
  safety: { title: 'Important questions', intro: 'A few questions that tell us whether you should be seen sooner.' },
  consent: { title: 'Consent and signature', intro: 'Your agreement to be assessed and treated, signed with your name.' },
};

/** Sections that hold health information: they open only after the consent to keep it (the privacy section). */
export const HEALTH_SECTIONS: readonly SectionId[] = ['visit', 'history', 'safety'];

export const isSectionId = (value: unknown): value is SectionId => typeof value === 'string' && (SECTION_IDS as readonly string[]).includes(value);

/** An id made from a question's words: lower-case letters and digits, at most 40 characters. */
export function questionId(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'question'
  );
}

/** Questions from lines of text (the editor's textarea): one per non-empty line, ids made unique. */
export function questionsFromLines(text: string): IntakeQuestion[] {
  const seen = new Set<string>();
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((line) => {
      const base = questionId(line);
      let id = base;
      for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
      seen.add(id);
      return { id, text: line };
    });
}

const q = (text: string): IntakeQuestion => ({ id: questionId(text), text });

/** Version 1, as the clinic starts: written with the clinic's practitioners in mind, to be edited by the clinic. */
export const DEFAULT_DEFINITION: IntakeDefinition = {
  redFlags: [
    q('Since your pain began, have you had any change in how you pass urine or open your bowels (for example you cannot go, cannot hold it, or do not feel it)?'),
    q('Do you have numbness or tingling between your legs or around your back passage (the area you would sit on in a saddle)?'),
    q('Have you lost weight in the last few months without trying?'),
    q('Does the pain wake you at night, or is it there even when you lie still?'),
    q('Did the problem start after a fall, an accident or a blow?'),
    q('Do you have a fever, or do you feel generally unwell with the pain?'),
    q('Is there new weakness in your arms or legs, or are you tripping or dropping things?'),
    q('Have you ever had cancer?'),
  ],
  conditions: [
    q('High blood pressure'),
    q('Heart disease or a pacemaker'),
    q('Diabetes'),
    q('Stroke'),
    q('Osteoporosis (thin bones)'),
    q('Arthritis'),
    q('Sickle cell disease'),
    q('Asthma or other breathing problems'),
    q('Blood clotting problems, or you take blood thinners'),
    q('A broken bone in the last year'),
    q('You are pregnant or may be pregnant'),
  ],
  consent: {
    treatment:
      'I agree to be assessed by the clinic’s practitioner. Before any treatment they will explain what they found, what they suggest, its benefits and risks, and what else I could do. I can ask questions, say no, or ask them to stop at any time. I have answered the questions on this form truthfully, as far as I know.',
    data:
      'I agree that the clinic keeps the health information I give on this form so that my practitioner can prepare for my visit and treat me safely. It is encrypted, only my practitioner and the clinic’s administrators can read it, and every time it is read is recorded. I can see what I sent, correct it before my visit, download it, and withdraw this agreement at any time from this page.',
    news: 'Send me the clinic’s news and health tips by e-mail, at most once a month. I can stop them at any time.',
  },
};
