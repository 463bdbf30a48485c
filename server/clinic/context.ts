import { createContext } from 'react-router';
import type { SiteFacts } from '../../shared/clinic/site-facts';
import type { ClinicFacts } from '../../shared/clinic/types';
import type { RichTextDoc } from '../../shared/platform/rich-text';
import type { MediaPicture } from '../../shared/platform/media';

/** The facts as one file for the browser, named by a hash of its content (immutable: cached for good). */
export interface FactsFile {
  body: Buffer;
  hash: string;
  url: string;
}

/** The clinic's facts, as the pages read them: from memory, refreshed when the database says they changed (catalog.ts). */
export interface ClinicCatalog {
  facts(): Promise<ClinicFacts>;
  /** The part every page shows. */
  siteFacts(): Promise<SiteFacts>;
  /**
   * The facts last read, and their file, for code that cannot wait (a render, the document head:
   * the renderer reads `facts()` just before); undefined before the first read.
   */
  current(): { facts: ClinicFacts; file: FactsFile } | undefined;
  /** A recent version's file by its hash (the browser asks for the one its page was rendered with). */
  file(hash: string): FactsFile | undefined;
  /** A service's page copy beyond the facts (its body as a document, the points of a visit), or null for no such service. */
  serviceCopy(id: string): Promise<ServiceCopy | null>;
}

/** What a service's page says beyond its facts (the services table's body and points). */
export interface ServiceCopy {
  body: RichTextDoc;
  /** The uploaded pictures its body shows, by id. */
  pictures: Record<string, MediaPicture>;
  points: readonly string[];
}

export const clinicContext = createContext<ClinicCatalog>();
