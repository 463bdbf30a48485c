import { Link } from './link';

export interface Crumb {
  label: string;
  to?: string;
}

/** Title banner with breadcrumb, at the top of inner pages. */
export function PageHeader({ title, crumbs, intro }: { title: string; crumbs: readonly Crumb[]; intro?: string }) {
  return (
    <section className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {intro && <p className="page-header__intro">{intro}</p>}
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            {crumbs.map((c, i) => (
              <li key={c.label}>
                {c.to && i < crumbs.length - 1 ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </section>
  );
}
