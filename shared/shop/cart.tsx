import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { Link } from '../ui/link';
import { useAnswerInView, useFormEcho } from '../ui/form-echo';
import { cartRows, shippingOptions } from '../content/shop';
import { Icon } from '../ui/icons';
import { CouponForm } from './coupon-form';
import { formatMoney, parseQuantity } from './money';
import { OrderByPhone } from './order-by-phone';
import { productHref } from './shop-query';
import { QuantityInput } from './quantity-input';

export const CART_FORM = 'cart';
const CART_FORM_ID = 'cart-form';
const qtyName = (slug: string) => `qty-${slug}`;

/** The cart: two sample rows whose quantities recompute line totals and cart totals as you type. */
export function Cart() {
  const echo = useFormEcho(CART_FORM);
  const sent = echo ? echo.values : undefined;
  const statusRef = useRef<HTMLDivElement>(null);
  useAnswerInView(statusRef, echo);
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(cartRows.map((r) => [r.product.slug, sent?.[qtyName(r.product.slug)] ?? String(r.quantity)])),
  );
  const lines = cartRows.map((r) => {
    const quantity = parseQuantity(quantities[r.product.slug]);
    return { ...r, quantity, total: r.product.price * quantity };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
  const [flat, free] = shippingOptions;

  return (
    <div className="cart">
      <Form method="post" id={CART_FORM_ID} preventScrollReset aria-label="Cart" className="cart__form" data-anchor="cart-status">
        <input type="hidden" name="_form" value={CART_FORM} />
        <table className="cart-table">
          <caption className="cart-table__caption">Items in your cart</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={l.product.slug} data-product={l.product.slug}>
                <th scope="row" className="cart-table__product">
                  <div className="cart-table__item">
                    <img src={l.product.img.src} width={l.product.img.width} height={l.product.img.height} alt="" decoding="async" />
                    <Link to={productHref(l.product)}>{l.product.name}</Link>
                  </div>
                </th>
                <td data-label="Price">{formatMoney(l.product.price)}</td>
                <td data-label="Quantity">
                  <QuantityInput
                    name={qtyName(l.product.slug)}
                    of={l.product.name}
                    value={quantities[l.product.slug] ?? ''}
                    onChange={(v) => setQuantities((q) => ({ ...q, [l.product.slug]: v }))}
                  />
                </td>
                <td data-label="Total" className="cart-table__total" data-line-total>
                  {formatMoney(l.total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Form>

      <div className="cart__actions">
        <CouponForm className="cart__coupon" />
        <button type="submit" form={CART_FORM_ID} className="btn btn--outline cart__update">
          Update cart
        </button>
      </div>
      <div role="status" aria-live="polite" className="cart__status" id="cart-status" ref={statusRef}>
        {sent && <OrderByPhone lead="Cart updated." />}
      </div>

      <section className="cart-totals" aria-labelledby="cart-totals-heading">
        <h2 id="cart-totals-heading">Cart totals</h2>
        <dl className="totals">
          <div>
            <dt>Subtotal</dt>
            <dd data-cart-subtotal>{formatMoney(subtotal)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd className="totals__note">
              Chosen at checkout: {flat?.label} {formatMoney(flat?.cost ?? 0)} or {free?.label}
            </dd>
          </div>
          <div className="totals__grand">
            <dt>Total</dt>
            <dd data-cart-total aria-live="polite">
              {formatMoney(subtotal)}
            </dd>
          </div>
        </dl>
        <Link to="/checkout" className="btn btn--accent btn--block" reloadDocument>
          Proceed to checkout <Icon name="arrowRight" size={18} />
        </Link>
      </section>
    </div>
  );
}
