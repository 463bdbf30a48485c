import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { dataRequestUrl, encodeForm, isEnvelope } from '../platform/data-protocol';
import type { EditorActionData } from './types';

/** How long typing must pause before a save, and the waits between retries on a failing connection. */
const QUIET_MS = 1200;
/**
 * The copy kept in this browser is written at most this often while typing, and at once when the
 * page is hidden or left: reading the form serialises the rich text (its `formdata` event), which
 * in every key press would cost the key's answer (ADR 0049).
 */
const COPY_MS = 500;
const RETRY_MS = [2000, 4000, 8000, 15000, 30000];

export type AutosaveStatus =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  /** Not saved: no connection, no answer (a server down, a proxy's error page), or the site's database not answering (503). */
  | { state: 'retrying'; inSeconds: number; why: 'offline' | 'no-answer' | 'database' }
  | { state: 'stopped'; reason: 'conflict' | 'invalid' };

/** This browser's copy of what was typed, kept until the server has it (a phone that loses signal, a closed tab). */
export interface LocalCopy {
  version: number;
  at: string;
  fields: [string, string][];
}

const storageKey = (key: string) => `content-draft:${key}`;

export function readLocalCopy(key: string): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(storageKey(key));
    return raw ? (JSON.parse(raw) as LocalCopy) : null;
  } catch {
    return null;
  }
}

/** A form the server took (saved, published…): what this browser kept of it is no longer needed. */
export function clearLocalCopy(key: string) {
  writeLocalCopy(key, null);
}

function writeLocalCopy(key: string, copy: LocalCopy | null) {
  try {
    if (copy) window.localStorage.setItem(storageKey(key), JSON.stringify(copy));
    else window.localStorage.removeItem(storageKey(key));
  } catch {
    // Private mode or full storage: the server's copy is the one that counts.
  }
}

function fieldsOf(form: HTMLFormElement): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of new FormData(form)) if (typeof v === 'string' && k !== 'intent' && k !== 'version') out.push([k, v]);
  return out;
}

/**
 * Drafts saved as you type: a quiet moment after the last change, the form is sent as a data
 * request (`intent=autosave`) with the version it was made from; the answer's version is the
 * next save's. A failed connection (or a server that does not answer) is retried with growing
 * waits, and what was typed is kept in this browser meanwhile, so a phone that drops signal
 * loses nothing. A conflict (someone else saved) or a refusal stops it and hands the answer over.
 */
export function useAutosave(options: { form: RefObject<HTMLFormElement | null>; routeId: string; storageKey: string; version: number; onAnswer: (answer: EditorActionData) => void }) {
  const { form, routeId, onAnswer } = options;
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'idle' });
  const [version, setVersion] = useState(options.version);
  const versionRef = useRef(options.version);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A change not yet in this browser's copy; and how many changes there have been (a save covers those before it). */
  const copyDue = useRef(false);
  const edits = useRef(0);
  const attempt = useRef(0);
  const inFlight = useRef(false);
  const again = useRef(false);
  const stopped = useRef(false);
  /** A button (Save, Publish…) pressed while an autosave was on its way: sent once that answers. */
  const waiting = useRef<HTMLButtonElement | null>(null);

  // A new version from the server (after a publish, a reload): start from it.
  useEffect(() => {
    versionRef.current = options.version;
    setVersion(options.version);
    stopped.current = false;
  }, [options.version]);

  const send = useCallback(async () => {
    const element = form.current;
    if (!element || stopped.current) return;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    setStatus({ state: 'saving' });
    const editsSent = edits.current;
    const body = new FormData(element);
    body.set('intent', 'autosave');
    body.set('version', String(versionRef.current));
    let retry: 'no-answer' | 'database' | null = null;
    let handedOver = false;
    try {
      const response = await fetch(dataRequestUrl(window.location.href, routeId), {
        method: 'POST',
        body: encodeForm(body),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        credentials: 'same-origin',
      });
      const envelope: unknown = await response.json().catch(() => null);
      const answer = isEnvelope(envelope) && envelope.kind !== 'redirect' ? (envelope.data as EditorActionData | null) : null;
      if (answer?.outcome === 'saved') {
        attempt.current = 0;
        versionRef.current = answer.version;
        setVersion(answer.version);
        setStatus({ state: 'saved', at: answer.savedAt });
        // Saved: this browser's copy is no longer needed, unless something was typed since it was sent.
        if (edits.current === editsSent) {
          copyDue.current = false;
          clearTimeout(copyTimer.current);
          copyTimer.current = undefined;
          writeLocalCopy(options.storageKey, null);
        }
        onAnswer(answer);
      } else if (answer && (answer.outcome === 'conflict' || answer.outcome === 'invalid' || answer.outcome === 'refused')) {
        stopped.current = true;
        handedOver = true;
        setStatus({ state: 'stopped', reason: answer.outcome === 'conflict' ? 'conflict' : 'invalid' });
        onAnswer(answer);
      } else {
        // The site's own answer that its database is away (503), or a proxy's error page, a timeout.
        retry = answer?.outcome === 'unavailable' ? 'database' : 'no-answer';
      }
    } catch {
      retry = 'no-answer'; // offline, the connection dropped, the server down
    } finally {
      inFlight.current = false;
    }
    const button = waiting.current;
    if (button) {
      // The button's own send now, with the version this autosave made (a conflict or a refusal
      // has already been handed over: then the button waits for the editor to choose again).
      waiting.current = null;
      clearTimeout(timer.current);
      if (!handedOver && element.isConnected) {
        const field = element.querySelector<HTMLInputElement>('input[name="version"]');
        if (field) field.value = String(versionRef.current);
        element.requestSubmit(button);
      }
      return;
    }
    if (retry) {
      const wait = RETRY_MS[Math.min(attempt.current, RETRY_MS.length - 1)]!;
      attempt.current++;
      setStatus({ state: 'retrying', inSeconds: Math.round(wait / 1000), why: typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : retry });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), wait);
      return;
    }
    if (again.current) {
      again.current = false;
      void send();
    }
  }, [form, routeId, onAnswer, options.storageKey]);

  /** Writes this browser's copy of the form now, if a change is waiting for it. */
  const keepCopy = useCallback((element: HTMLFormElement | null = form.current) => {
    clearTimeout(copyTimer.current);
    copyTimer.current = undefined;
    if (!element || stopped.current || !copyDue.current) return;
    copyDue.current = false;
    writeLocalCopy(options.storageKey, { version: versionRef.current, at: new Date().toISOString(), fields: fieldsOf(element) });
  }, [form, options.storageKey]);

  /** Something changed: keep it in this browser soon (COPY_MS), send it after a quiet moment. */
  const touched = useCallback(() => {
    const element = form.current;
    if (!element || stopped.current) return;
    edits.current++;
    copyDue.current = true;
    copyTimer.current ??= setTimeout(() => keepCopy(), COPY_MS);
    setStatus((s) => (s.state === 'retrying' ? s : { state: 'pending' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), attempt.current ? RETRY_MS[0]! : QUIET_MS);
  }, [form, keepCopy, send]);

  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onInput = (event: Event) => {
      // The schedule's time and the take-down's box are not part of the draft.
      const target = event.target as HTMLInputElement | null;
      if (target?.name === 'scheduleAt' || target?.name === 'confirm') return;
      touched();
    };
    const online = () => {
      if (attempt.current) void send();
    };
    // The page hidden (another app, the screen off) or left: what was typed is kept now.
    const left = () => keepCopy(element);
    const hidden = () => {
      if (document.visibilityState === 'hidden') keepCopy(element);
    };
    element.addEventListener('input', onInput);
    element.addEventListener('change', onInput);
    window.addEventListener('online', online);
    window.addEventListener('pagehide', left);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      element.removeEventListener('input', onInput);
      element.removeEventListener('change', onInput);
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', left);
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(timer.current);
      keepCopy(element); // leaving the page inside the app: kept too
    };
  }, [form, touched, send, keepCopy]);

  /** Before a button sends the form itself: no autosave may overtake it. */
  const hold = useCallback((event?: { currentTarget: EventTarget | null; preventDefault(): void }) => {
    clearTimeout(timer.current);
    stopped.current = true;
    // An autosave still on its way would make a new version after this send read the old one: the
    // editor's own draft would come back as "changed meanwhile". The press waits for its answer.
    if (inFlight.current && event?.currentTarget instanceof HTMLButtonElement) {
      event.preventDefault();
      waiting.current = event.currentTarget;
    }
  }, []);

  /** The editor's "Try now" while retrying: the next try at once, not after its wait. */
  const retryNow = useCallback(() => {
    clearTimeout(timer.current);
    void send();
  }, [send]);

  return { status, version, touched, hold, retryNow };
}
