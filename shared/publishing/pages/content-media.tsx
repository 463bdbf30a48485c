import { Form, useActionData, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import { formatAbuja } from '../../ui/staff/format';
import type { MediaActionData, MediaPageData, MediaUse } from '../types';
import '../content.css';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`);

function Uses({ uses }: { uses: readonly MediaUse[] }) {
  if (!uses.length) return <p className="content-media__unused">Not used anywhere.</p>;
  return (
    <ul className="content-media__uses">
      {uses.map((u) => (
        <li key={`${u.kind}/${u.id}/${u.place}`}>
          <Link to={u.href}>{u.title}</Link> {u.place === 'draft' ? '(in a draft)' : '(on the site)'}
        </li>
      ))}
    </ul>
  );
}

/** /staff/content/media: the picture library. Upload (a plain form: works without JavaScript), where each is used, delete. */
export default function ContentMediaPage() {
  const { staffName, pictures, canUpload } = useLoaderData() as MediaPageData;
  const echo = useActionData() as MediaActionData | undefined;
  const [params] = useSearchParams();
  const error = params.get('error');
  const uploaded = params.get('uploaded');
  return (
    <>
      <StaffBand title="Pictures" staffName={staffName} />
      <div className="container staff-page">
        <p className="content-crumbs">
          <Link to="/staff/content">Site content</Link> / Pictures
        </p>
        {error && (
          <p className="staff-alert staff-alert--error" role="alert">
            {error}
          </p>
        )}
        {uploaded && (
          <p className="staff-alert staff-alert--ok" role="status">
            The picture is uploaded: choose it in any picture field, and describe it there.
          </p>
        )}
        {echo?.outcome === 'deleted' && (
          <p className="staff-alert staff-alert--ok" role="status">
            The picture is deleted.
          </p>
        )}
        {echo && echo.outcome !== 'deleted' && (
          <div className="staff-alert staff-alert--error" role="alert">
            <p>{echo.message}</p>
            {echo.outcome === 'in-use' && <Uses uses={echo.uses} />}
          </div>
        )}
        {canUpload ? (
          <form method="post" action="/staff/content/media/upload" encType="multipart/form-data" className="staff-filters content-upload" aria-labelledby="upload-heading">
            <h2 id="upload-heading" className="content-new__title">
              Upload a picture
            </h2>
            <div className="field">
              <label htmlFor="upload-file" className="field__label">
                Picture (JPEG, PNG or WebP, up to 15 MB)
              </label>
              <input id="upload-file" name="file" type="file" accept="image/jpeg,image/png,image/webp" className="input" required aria-describedby="upload-hint" />
              <p id="upload-hint" className="field__hint">
                An iPhone’s HEIC photo: share it as JPEG first (Photos → Share → Options → Most Compatible). Location and camera details are removed; the picture is turned upright.
              </p>
            </div>
            <div className="staff-filters__actions">
              <button type="submit" className="btn btn--primary">
                Upload
              </button>
            </div>
          </form>
        ) : (
          <p className="staff-alert staff-alert--error">Picture storage is not set up on this server: pictures cannot be uploaded.</p>
        )}
        <h2>{pictures.length === 1 ? '1 uploaded picture' : `${pictures.length} uploaded pictures`}</h2>
        <ul className="content-media">
          {pictures.map((p) => (
            <li key={p.id} className="staff-card content-media__item">
              <img src={p.thumb} width={p.width} height={p.height} alt="" loading="lazy" decoding="async" className="content-media__thumb" />
              <div>
                <p className="content-media__name">{p.name}</p>
                <p className="content-media__meta">
                  {p.width} × {p.height} · {size(p.bytes)} uploaded · {formatAbuja(p.uploadedAt)} by {p.uploadedBy}
                </p>
                <Uses uses={p.uses} />
                <Form method="post">
                  <input type="hidden" name="id" value={p.id} />
                  <button type="submit" className="btn btn--ghost btn--sm">
                    Delete<span className="visually-hidden"> {p.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
