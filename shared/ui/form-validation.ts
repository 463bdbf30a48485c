import type { RefObject } from 'react';

/**
 * A form's ref that hands its checking over to the page's script once React owns it: the server's
 * HTML has no `novalidate`, so until hydration (and without JavaScript) the browser's own
 * constraint validation answers a submit at once (`required`, `type=email`…) instead of a round
 * trip to the server; from hydration on the form's own check (the schema, messages beside the
 * fields) runs instead. Set on the element, not as a prop, so the server's HTML keeps it off and
 * React never puts it back (docs/first-view.md).
 */
export function validateInScript(ref: RefObject<HTMLFormElement | null>) {
  return (el: HTMLFormElement | null) => {
    ref.current = el;
    if (el) el.noValidate = true;
  };
}
