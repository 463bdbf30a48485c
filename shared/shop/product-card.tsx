import { imageLoading } from '../ui/image-loading';
import { Link } from '../ui/link';
import type { Product } from '../content/products';
import { Icon } from '../ui/icons';
import { Price, Rating } from './price';
import { productHref } from './shop-query';

/** One product of the shop list, as a grid tile or a wide list row. */
export function ProductCard({ product, view, eager = false }: { product: Product; view: 'grid' | 'list'; eager?: boolean }) {
  const href = productHref(product);
  return (
    <article className={`product-card product-card--${view}`} data-product={product.slug}>
      <div className="product-card__media">
        <img
          src={product.img.src}
          width={product.img.width}
          height={product.img.height}
          alt={product.img.alt}
          // The first card's image is the page's largest paint on a phone: fetched first, decoded with the page.
          {...imageLoading(eager)}
        />
        {product.oldPrice !== undefined && <span className="product-card__badge">Sale</span>}
      </div>
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <h3 className="product-card__title">
          <Link to={href}>{product.name}</Link>
        </h3>
        <Rating value={product.rating} />
        <Price price={product.price} oldPrice={product.oldPrice} />
        {view === 'list' && <p className="product-card__summary">{product.summary}</p>}
        <span className="product-card__more" aria-hidden="true">
          View details <Icon name="arrowRight" size={16} />
        </span>
      </div>
    </article>
  );
}
