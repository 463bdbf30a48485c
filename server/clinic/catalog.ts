import { createHash } from 'node:crypto';
import { siteFactsOf, type SiteFacts } from '../../shared/clinic/site-facts';
import type { ClinicFacts } from '../../shared/clinic/types';
import type { Store } from '../platform/db/store';
import { copyOf } from '../../shared/content/services';
import { emptyRichText, plainTextToRichText, type RichTextDoc } from '../../shared/platform/rich-text';
import type { MediaPicture } from '../../shared/platform/media';
import type { ClinicCatalog, FactsFile, ServiceCopy } from './context';
import { loadClinicFacts, loadServiceCopy } from './repo';

/** The facts as the browser fetches them: JSON under a name that changes with the content. */
function factsFile(facts: ClinicFacts): FactsFile {
  const body = Buffer.from(JSON.stringify(facts));
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { body, hash, url: `/assets/clinic-facts-${hash}.json` };
}

interface Loaded {
  facts: ClinicFacts;
  site: SiteFacts;
  file: FactsFile;
}

const loaded = (facts: ClinicFacts): Loaded => ({ facts, site: siteFactsOf(facts), file: factsFile(facts) });

/** Files of recent versions, so a page rendered just before a change still hydrates with its own facts. */
const KEPT_FILES = 8;

function keepFiles() {
  const files = new Map<string, FactsFile>();
  return {
    add(file: FactsFile) {
      files.delete(file.hash);
      files.set(file.hash, file);
      if (files.size > KEPT_FILES) files.delete(files.keys().next().value!);
    },
    get: (hash: string) => files.get(hash),
  };
}

/**
 * The clinic's facts from the database, kept in memory between changes: `invalidate()` (called
 * when the content version moves, server/platform/db/content-version.ts) makes the next read
 * ask the database again. Pages and loaders read them on every render at no database cost.
 */
export function storeCatalog(store: Store, pictures: (doc: RichTextDoc) => Promise<Record<string, MediaPicture>> = async () => ({})): ClinicCatalog & { invalidate(): void } {
  let current: Promise<Loaded> | null = null;
  let last: Loaded | undefined;
  let copies = new Map<string, Promise<ServiceCopy | null>>();
  const files = keepFiles();
  const load = () => {
    current ??= loadClinicFacts(store.db).then(
      (facts) => {
        last = loaded(facts);
        files.add(last.file);
        return last;
      },
      (error: unknown) => {
        current = null;
        throw error;
      },
    );
    return current;
  };
  return {
    facts: async () => (await load()).facts,
    siteFacts: async () => (await load()).site,
    current: () => last && { facts: last.facts, file: last.file },
    file: (hash) => files.get(hash),
    serviceCopy(id) {
      let copy = copies.get(id);
      if (!copy) {
        const pending = loadServiceCopy(store.db, id).then(async (row) => {
          if (!row) return null;
          const body = row.body ?? emptyRichText();
          return { body, pictures: await pictures(body), points: row.points };
        });
        pending.catch(() => copies.delete(id));
        copies.set(id, pending);
        copy = pending;
      }
      return copy;
    },
    invalidate: () => {
      current = null;
      copies = new Map();
    },
  };
}

/** Fixed facts (tests, and pages rendered without a database). */
export function staticCatalog(facts: ClinicFacts): ClinicCatalog {
  const fixed = loaded(facts);
  return {
    facts: async () => fixed.facts,
    siteFacts: async () => fixed.site,
    current: () => ({ facts: fixed.facts, file: fixed.file }),
    file: (hash) => (hash === fixed.file.hash ? fixed.file : undefined),
    async serviceCopy(id) {
      const service = facts.services.find((s) => s.id === id);
      if (!service) return null;
      const copy = copyOf(service.slug);
      return { body: plainTextToRichText(copy.body.join('\n\n')), pictures: {}, points: copy.points };
    },
  };
}

/**
 * A catalog showing other facts than `base` (an editor's preview of a draft): its own facts file
 * (content-named, listed by `file`), and optionally one service's copy; everything else as `base`.
 */
export function overlayCatalog(base: ClinicCatalog, facts: ClinicFacts, serviceCopy?: { id: string; copy: ServiceCopy }): ClinicCatalog {
  const own = loaded(facts);
  return {
    facts: async () => own.facts,
    siteFacts: async () => own.site,
    current: () => ({ facts: own.facts, file: own.file }),
    file: (hash) => (hash === own.file.hash ? own.file : base.file(hash)),
    serviceCopy: (id) => (serviceCopy && id === serviceCopy.id ? Promise.resolve(serviceCopy.copy) : base.serviceCopy(id)),
  };
}
