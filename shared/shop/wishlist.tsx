import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { Link } from '../ui/link';
import { useAnswerInView, useFormEcho } from '../ui/form-echo';
import { wishlistRows } from '../content/shop';
import { formatMoney } from './money';
import { OrderByPhone } from './order-by-phone';
import { productHref } from './shop-query';
import { productBySlug } from '../content/products';

export const WISHLIST_FORM = 'wishlist';

/** The wishlist: two sample rows; 'Remove' takes a row away (on the client, or through the form without JavaScript). */
export function Wishlist() {
  const echo = useFormEcho(WISHLIST_FORM);
  const sent = echo ? echo.values.intent : undefined;
  const [intent, slug] = sent?.split(':') ?? [];
  const [removed, setRemoved] = useState<string[]>(() => (intent === 'remove' && slug ? [slug] : []));
  const [message, setMessage] = useState(() => {
    const gone = intent === 'remove' && slug ? productBySlug(slug) : undefined;
    return gone ? `${gone.name} removed from your wishlist.` : '';
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  useAnswerInView(statusRef, echo);
  const rows = wishlistRows.filter((r) => !removed.includes(r.product.slug));
  const addedProduct = intent === 'add' && slug ? productBySlug(slug) : undefined;

  return (
    <div className="wishlist">
      <h2 id="wishlist-heading" ref={headingRef} tabIndex={-1}>
        Your wishlist
      </h2>
      {rows.length > 0 ? (
        <Form method="post" preventScrollReset aria-labelledby="wishlist-heading" data-anchor="wishlist-status">
          <input type="hidden" name="_form" value={WISHLIST_FORM} />
          <table className="cart-table wishlist-table">
            <caption className="visually-hidden">Products on your wishlist</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Stock status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ product }) => (
                <tr key={product.slug} data-product={product.slug}>
                  <th scope="row" className="cart-table__product">
                    <div className="cart-table__item">
                      <img src={product.img.src} width={product.img.width} height={product.img.height} alt="" decoding="async" />
                      <Link to={productHref(product)}>{product.name}</Link>
                    </div>
                  </th>
                  <td data-label="Price">{formatMoney(product.price)}</td>
                  <td data-label="Stock status">
                    <span className={`stock ${product.inStock ? 'stock--in' : 'stock--out'}`}>{product.inStock ? 'In stock' : 'Out of stock'}</span>
                  </td>
                  <td className="wishlist-table__actions">
                    {product.inStock ? (
                      <button type="submit" name="intent" value={`add:${product.slug}`} className="btn btn--primary btn--sm-wide">
                        Add to cart<span className="visually-hidden">: {product.name}</span>
                      </button>
                    ) : (
                      <Link to="/contact" className="btn btn--ghost btn--sm-wide">
                        Ask about restock<span className="visually-hidden">: {product.name}</span>
                      </Link>
                    )}
                    <button
                      type="submit"
                      name="intent"
                      value={`remove:${product.slug}`}
                      className="btn btn--ghost btn--sm-wide"
                      onClick={(e) => {
                        e.preventDefault();
                        setRemoved((r) => [...r, product.slug]);
                        setMessage(`${product.name} removed from your wishlist.`);
                        headingRef.current?.focus();
                      }}
                    >
                      Remove<span className="visually-hidden">: {product.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      ) : (
        <p className="wishlist__empty">
          Your wishlist is empty. <Link to="/shop">Browse the shop</Link>
        </p>
      )}
      <div role="status" aria-live="polite" className="cart__status" id="wishlist-status" ref={statusRef}>
        {message && <p className="form-notice">{message}</p>}
        {addedProduct && <OrderByPhone lead={`${addedProduct.name} not added:`} />}
      </div>
    </div>
  );
}
