/**
 * Prints the page (the answers: the site's header, footer and the staff menu are left off the
 * paper by intake.css). Without scripts the button cannot print, so the browser's own Print is named.
 */
export function PrintButton() {
  return (
    <p className="intake-noprint">
      <button type="button" className="btn btn--outline btn--sm intake-print" onClick={() => window.print()}>
        Print the answers
      </button>
      <span className="intake-print__nojs">To print, use your browser’s Print command.</span>
    </p>
  );
}
