import { useLoaderData } from 'react-router';
import { Link } from '../../ui/link';
import { StaffBand } from '../../ui/staff/staff-band';
import type { ContentHomeData } from '../types';
import '../content.css';

/** /staff/content: everything the clinic edits on its site, and what waits to be published. */
export default function ContentHomePage() {
  const { staffName, kinds } = useLoaderData() as ContentHomeData;
  return (
    <>
      <StaffBand title="Site content" staffName={staffName} />
      <div className="container staff-page">
        <p>
          Change the site yourself: every change is a draft until you publish it (now, or at a time you choose), and every publication is kept in the item’s history, to compare and restore.{' '}
          <Link to="/staff/content/media">Pictures</Link> are uploaded once and used anywhere.
        </p>
        <ul className="content-kinds">
          {kinds.map((k) => (
            <li key={k.kind} className="staff-card">
              <h2>
                <Link to={k.href}>{k.label}</Link>
              </h2>
              <p>{k.intro}</p>
              {(k.drafts > 0 || k.scheduled > 0) && (
                <p className="content-kinds__waiting">
                  {[k.drafts ? `${k.drafts} with unpublished changes` : '', k.scheduled ? `${k.scheduled} scheduled` : ''].filter(Boolean).join(' · ')}
                </p>
              )}
            </li>
          ))}
          <li className="staff-card">
            <h2>
              <Link to="/staff/content/media">Pictures</Link>
            </h2>
            <p>Upload photographs (JPEG, PNG or WebP), see where each picture is used, and delete the ones nothing uses.</p>
          </li>
        </ul>
      </div>
    </>
  );
}
