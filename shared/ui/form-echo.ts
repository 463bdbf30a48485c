import { useEffect, useRef, type RefObject } from 'react';
import { useActionData } from 'react-router';

/** What a form submission returns to the page: which form, and what was typed (never passwords). */
export interface FormEcho {
  form: string;
  values: Record<string, string>;
  /** For forms that deliver: stored, refused field by field, store unreachable, or too many requests. */
  status?: 'sent' | 'invalid' | 'unavailable' | 'limited';
  /** The request's reference, e.g. APT-7KQ2M, once stored. */
  reference?: string;
  /** One message per field that needs correcting. */
  errors?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** The last submission's echo when it came from the form named `name` (hidden `_form` field), else undefined. */
export function useFormEcho(name: string): FormEcho | undefined {
  const echo = useActionData() as FormEcho | undefined;
  return echo && typeof echo === 'object' && echo.form === name ? echo : undefined;
}

/**
 * Brings a form's answer (its status line) into view when a new one arrives in the page: a form
 * posted once hydrated keeps the scroll position (preventScrollReset), and on a phone the line under
 * a long table was off screen, the tap seemingly unanswered. Before hydration the loader opens the
 * answer page at the same line (the form's `data-anchor`); the answer the page was rendered with
 * is left alone.
 */
export function useAnswerInView(ref: RefObject<HTMLElement | null>, echo: FormEcho | undefined) {
  const rendered = useRef(echo);
  useEffect(() => {
    if (!echo || echo === rendered.current) return;
    rendered.current = echo;
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [echo, ref]);
}
