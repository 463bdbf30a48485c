import { Link } from '../ui/link';

export const NOT_FOUND_TEXT = 'Oops! The page you are looking for does not exist. It might have been moved or deleted.';

export function NotFound() {
  return (
    <section className="section not-found">
      <div className="container narrow not-found__inner">
        <img src="/images/misc/not-found.svg" width={480} height={360} alt="" className="not-found__art" />
        <p className="eyebrow">Error 404</p>
        <h1>Page not found</h1>
        <p>{NOT_FOUND_TEXT}</p>
        <Link to="/" className="btn btn--primary">
          Back to home
        </Link>
      </div>
    </section>
  );
}
