import { Form, useSearchParams } from 'react-router';
import { TextField } from '../ui/fields';

/** The query parameter of the coupon form: a GET form, as applying a code stores nothing. */
export const COUPON_PARAM = 'coupon';

/**
 * Coupon code and Apply. No coupons are active, and the form says so (with or without
 * JavaScript). A GET form on the page it is on: the code comes back in the address, so the
 * page's own action (the order on /checkout, the cart on /shoppingCart) is never asked.
 */
export function CouponForm({ className, keep = [] }: { className?: string; keep?: readonly [string, string][] }) {
  const [params] = useSearchParams();
  const sent = params.get(COUPON_PARAM);
  const code = sent?.trim().slice(0, 100) ?? '';
  return (
    <Form method="get" preventScrollReset className={`coupon ${className ?? ''}`} aria-label="Coupon">
      {keep.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="coupon__row">
        <TextField label="Coupon code" name={COUPON_PARAM} hideLabel placeholder="Coupon code" autoComplete="off" defaultValue={sent ?? undefined} className="coupon__field" />
        <button type="submit" className="btn btn--primary">
          Apply coupon
        </button>
      </div>
      <div role="status" aria-live="polite" className="coupon__status">
        {sent !== null && (
          <p className="form-notice">
            {code ? `The code “${code}” can’t be applied: ` : ''}
            No coupons are active at the moment, so prices stay as shown.
          </p>
        )}
      </div>
    </Form>
  );
}
