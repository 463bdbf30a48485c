import type { Cents } from '../content/products';
import { formatMoney } from './money';

/** Current price, and the old price struck through with a 'Was' for screen readers. */
export function Price({ price, oldPrice, className }: { price: Cents; oldPrice?: Cents | undefined; className?: string }) {
  return (
    <p className={`price ${className ?? ''}`}>
      <span className="price__now">
        {oldPrice !== undefined && <span className="visually-hidden">Now </span>}
        {formatMoney(price)}
      </span>
      {oldPrice !== undefined && (
        <s className="price__old">
          <span className="visually-hidden">Was </span>
          {formatMoney(oldPrice)}
        </s>
      )}
    </p>
  );
}

/** Five stars filled to the rating, read out as 'Rated 4.5 out of 5'. */
export function Rating({ value, className }: { value: number; className?: string }) {
  const percent = Math.round((value / 5) * 100);
  return (
    <span className={`rating ${className ?? ''}`} role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      <span className="rating__stars" aria-hidden="true" style={{ ['--rating' as string]: `${percent}%` }}>
        ★★★★★
      </span>
      <span className="rating__value" aria-hidden="true">
        {value.toFixed(1)}
      </span>
    </span>
  );
}
