import { useEffect, useRef } from 'react';

/** The alert a form's answer is read from: focused whenever a new answer arrives (screen readers say it, the page scrolls to it). */
export function useAnswerFocus(answer: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) ref.current?.focus();
  }, [answer]);
  return ref;
}
