import { formatE164Nigeria } from '../platform/phone';
import { SECTION_IDS, SECTIONS, type IntakeDefinition, type SectionId } from './definition';
import { regionLabel } from './regions';
import { DURATIONS, type Posted } from './choices';
import type { SectionValues } from './schemas';

/**
 * A form's answers as they are encrypted (server/intake/crypto.ts): the date of birth given at the
 * gate, and each section as saved, with the version of the questions it answered.
 */
export interface SavedSection<S extends SectionId = SectionId> {
  version: number;
  savedAt: string;
  values: SectionValues[S];
}

export type SavedSections = { [S in SectionId]?: SavedSection<S> };

export interface IntakeDocument {
  /** YYYY-MM-DD. */
  dob: string;
  sections: SavedSections;
}

/** Whether any red-flag question of the saved safety section was answered yes. */
export const hasRedFlag = (doc: Pick<IntakeDocument, 'sections'>) => Object.values(doc.sections.safety?.values.answers ?? {}).includes('yes');

/** A saved section as its form posts it, to fill the fields in again. */
export function postedOf(section: SectionId, saved: SavedSection | undefined): Posted {
  if (!saved) return {};
  const v = saved.values as unknown as Record<string, unknown>;
  switch (section) {
    case 'privacy':
      return { dataConsent: 'yes' };
    case 'safety':
      return Object.fromEntries(Object.entries((v as unknown as SectionValues['safety']).answers).map(([id, a]) => [`rf-${id}`, a]));
    case 'consent': {
      const c = v as unknown as SectionValues['consent'];
      return { treatment: 'yes', signature: c.signature, news: c.news ? 'yes' : '' };
    }
    default:
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Array.isArray(x) ? x.map(String) : x === null || x === undefined ? '' : String(x)]));
  }
}

/** One answer as people read it: a question and its answer (several lines for a list). */
export interface AnswerRow {
  label: string;
  value: string | string[];
  /** A red-flag question answered yes. */
  flag?: boolean;
}

export interface AnswerBlock {
  id: SectionId;
  title: string;
  /** The version of the questions (and, for consents, of the text) this section answered. */
  version: number;
  savedAt: string;
  rows: AnswerRow[];
}

const NONE = 'Nothing given';
const text = (v: string | null | undefined) => (v && v.trim() ? v : NONE);
const dateWords = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][(m ?? 1) - 1]} ${y}`;
};

/**
 * The answers in words, section by section, each in the words of the version it answered
 * (`versions` holds those definitions). The staff page, the patient's summary and the download
 * all show this.
 */
export function answerBlocks(doc: IntakeDocument, versions: ReadonlyMap<number, IntakeDefinition>): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  for (const id of SECTION_IDS) {
    const saved = doc.sections[id] as SavedSection | undefined;
    if (!saved) continue;
    const def = versions.get(saved.version);
    const rows = rowsOf(id, saved, def, doc);
    blocks.push({ id, title: SECTIONS[id].title, version: saved.version, savedAt: saved.savedAt, rows });
  }
  return blocks;
}

function rowsOf(id: SectionId, saved: SavedSection, def: IntakeDefinition | undefined, doc: IntakeDocument): AnswerRow[] {
  switch (id) {
    case 'about': {
      const v = saved.values as SectionValues['about'];
      return [
        { label: 'Full name', value: v.fullName },
        { label: 'Date of birth', value: dateWords(doc.dob) },
        { label: 'Phone', value: formatE164Nigeria(v.phone) },
        { label: 'E-mail', value: text(v.email) },
        { label: 'Address', value: text(v.address) },
        { label: 'Emergency contact', value: [v.emergencyName, v.emergencyRelation, formatE164Nigeria(v.emergencyPhone)].filter(Boolean).join(', ') },
      ];
    }
    case 'privacy':
      return [
        { label: 'Consent to keep and use the health information on this form', value: 'Given' },
        { label: 'The text agreed to', value: def?.consent.data ?? `Version ${saved.version}` },
      ];
    case 'visit': {
      const v = saved.values as SectionValues['visit'];
      return [
        { label: 'Reason for the visit', value: v.reason },
        { label: 'Where it hurts', value: v.regions.length ? v.regions.map(regionLabel) : NONE },
        { label: 'How long', value: DURATIONS.find((d) => d.value === v.duration)?.label ?? v.duration },
        { label: 'How strong today (0 to 10)', value: text(v.severity) },
        { label: 'What makes it better', value: text(v.better) },
        { label: 'What makes it worse', value: text(v.worse) },
      ];
    }
    case 'history': {
      const v = saved.values as SectionValues['history'];
      const names = v.conditions.map((c) => def?.conditions.find((x) => x.id === c)?.text ?? c);
      return [
        { label: 'Conditions', value: names.length ? names : 'None of those listed' },
        { label: 'Other conditions', value: text(v.conditionsOther) },
        { label: 'Medicines', value: text(v.medications) },
        { label: 'Allergies', value: text(v.allergies) },
        { label: 'Operations', value: text(v.surgeries) },
      ];
    }
    case 'safety': {
      const v = saved.values as SectionValues['safety'];
      return Object.entries(v.answers).map(([qid, answer]) => ({ label: def?.redFlags.find((q) => q.id === qid)?.text ?? qid, value: answer === 'yes' ? 'Yes' : 'No', ...(answer === 'yes' ? { flag: true } : {}) }));
    }
    case 'consent': {
      const v = saved.values as SectionValues['consent'];
      return [
        { label: 'Consent to assessment and treatment', value: 'Given' },
        { label: 'The text agreed to', value: def?.consent.treatment ?? `Version ${saved.version}` },
        { label: 'Signed (typed name)', value: v.signature },
        { label: 'Signed on', value: dateWords(saved.savedAt.slice(0, 10)) },
        { label: 'News by e-mail', value: v.news ? 'Yes, please' : 'No' },
      ];
    }
  }
}

/** The answers as plain text (the patient's download): readable anywhere, printable. */
export function answersAsText(header: string[], blocks: readonly AnswerBlock[]): string {
  const out = [...header, ''];
  for (const b of blocks) {
    out.push(b.title.toUpperCase(), `(questions version ${b.version}, saved ${b.savedAt.slice(0, 16).replace('T', ' ')} UTC)`, '');
    for (const row of b.rows) {
      out.push(`${row.label}${row.flag ? '  <-- please call the clinic' : ''}`);
      for (const line of Array.isArray(row.value) ? row.value : [row.value]) out.push(`  ${line.replace(/\r?\n/g, '\n  ')}`);
    }
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
