import { useState } from 'react';
import { Form } from 'react-router';
import { useFormEcho } from '../ui/form-echo';
import type { Product } from '../content/products';
import { Icon } from '../ui/icons';
import { parseQuantity } from './money';
import { OrderByPhone } from './order-by-phone';
import { QuantityInput } from './quantity-input';

export const ADD_TO_CART_FORM = 'add-to-cart';

/** Quantity and 'Add to cart'. The shop takes no orders yet, so the button answers honestly and keeps the quantity. */
export function AddToCart({ product }: { product: Product }) {
  const echo = useFormEcho(ADD_TO_CART_FORM);
  const sent = echo && echo.values.product === product.slug ? echo.values : undefined;
  const [quantity, setQuantity] = useState(sent?.quantity ?? '1');
  const asked = parseQuantity(sent?.quantity);

  return (
    <Form method="post" preventScrollReset className="add-to-cart" aria-label={`Add ${product.name} to cart`} id={`add-to-cart-${product.slug}`} data-anchor={`add-to-cart-${product.slug}`}>
      <input type="hidden" name="_form" value={ADD_TO_CART_FORM} />
      <input type="hidden" name="product" value={product.slug} />
      <div className="add-to-cart__row">
        <QuantityInput name="quantity" of={product.name} value={quantity} onChange={setQuantity} showLabel />
        <button type="submit" className="btn btn--primary add-to-cart__btn" disabled={!product.inStock}>
          <Icon name="cart" size={18} />
          {product.inStock ? 'Add to cart' : 'Out of stock'}
        </button>
      </div>
      <div role="status" aria-live="polite" className="add-to-cart__status">
        {sent && <OrderByPhone lead={`${asked || 1} × ${product.name} not added:`} />}
      </div>
    </Form>
  );
}
