import { createContext, useContext, type ReactNode } from 'react';

/**
 * An editor's preview (server/publishing/preview.ts): the page shows one item's draft. The server
 * says so in the page (the session element's `data-preview`), so the browser hydrates with it too.
 */
export interface PreviewNotice {
  /** What is previewed, e.g. "Post". */
  label: string;
  /** Back to its editor. */
  editHref: string;
  /** The fields that keep the draft from being shown (the page shows what is published), or null. */
  problems: string[] | null;
}

/** The session element's attribute that carries the preview notice (JSON). */
export const PREVIEW_DATA_ATTRIBUTE = 'preview';

const PreviewContext = createContext<PreviewNotice | null>(null);

export function PreviewProvider({ notice, children }: { notice: PreviewNotice | null; children: ReactNode }) {
  return <PreviewContext.Provider value={notice}>{children}</PreviewContext.Provider>;
}

export function usePreview(): PreviewNotice | null {
  return useContext(PreviewContext);
}
