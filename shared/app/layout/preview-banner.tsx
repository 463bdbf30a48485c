import { usePreview } from '../../platform/preview';
import { Link } from '../../ui/link';

/** Above an editor's preview: what it is, that nobody else sees it, and the way back to the editor. */
export function PreviewBanner() {
  const preview = usePreview();
  if (!preview) return null;
  return (
    <div className="preview-banner" role="note" aria-label="Preview">
      <div className="container preview-banner__inner">
        {preview.problems ? (
          <p>
            <strong>This draft cannot be previewed yet</strong>: please correct {preview.problems.join(', ')} in the editor. The page shows what is published.
          </p>
        ) : (
          <p>
            <strong>Preview of your draft ({preview.label.toLowerCase()})</strong>: only editors see this. Visitors see it once you publish.
          </p>
        )}
        <Link to={preview.editHref} className="btn btn--sm btn--accent" reloadDocument>
          Back to the editor
        </Link>
      </div>
    </div>
  );
}
