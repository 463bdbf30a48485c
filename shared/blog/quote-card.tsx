import type { BlogQuote } from '../content/blog';

/** The quote card of the blog lists. */
export function QuoteCard({ quote }: { quote: BlogQuote }) {
  return (
    <figure className="quote-card blog-item">
      <span className="quote-mark quote-card__mark" aria-hidden="true">“</span>
      <blockquote>
        <p>{quote.text}</p>
      </blockquote>
      <figcaption>
        <strong>{quote.cite}</strong>
        <span>{quote.role}</span>
      </figcaption>
    </figure>
  );
}
