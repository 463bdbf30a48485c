import { formatAbuja } from '../ui/staff/format';
import type { EntryState } from './types';

/** What the editor's page says after a button did its work (`?done=`). */
const DONE: Record<string, string> = {
  saved: 'Your changes are saved as a draft. Visitors see them once you publish.',
  published: 'Published: visitors see it now.',
  scheduled: 'Scheduled: it will be published by itself at its time.',
  unscheduled: 'The scheduled publication is cancelled; your draft is kept.',
  discarded: 'The draft is thrown away: the form shows what is on the site.',
  'taken-down': 'Taken off the site. Its draft and history are kept: you can publish it again.',
  restored: 'The revision is published again (as a new revision): visitors see it now.',
  deposit: 'The deposit rule is saved: it applies to the next booking made online.',
};

export const doneMessage = (done: string | null): string | null => (done ? (DONE[done] ?? null) : null);

/** An item's state in words: on the site or not, unpublished changes, a publication waiting. */
export function stateWords(state: Pick<EntryState, 'live' | 'draft' | 'scheduled' | 'draftSavedAt' | 'draftSavedBy'> | { live: boolean; draft: boolean; scheduled: { for: string } | null; draftSavedAt: string | null; draftSavedBy: string | null }): string[] {
  const words = [state.live ? 'On the site' : 'Not on the site'];
  if (state.draft) words.push(`Unpublished changes${state.draftSavedAt ? ` (saved ${formatAbuja(state.draftSavedAt)}${state.draftSavedBy ? ` by ${state.draftSavedBy}` : ''})` : ''}`);
  if (state.scheduled) words.push(`Scheduled for ${formatAbuja(state.scheduled.for)}`);
  return words;
}
