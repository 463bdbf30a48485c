import { Form } from 'react-router';
import { useFormEcho } from '../../ui/form-echo';
import { TextField } from '../../ui/demo-form';

export const COUPON_FORM = 'coupon';

/** Coupon code and Apply. No coupons are active, and the form says so (with or without JavaScript). */
export function CouponForm({ className }: { className?: string }) {
  const echo = useFormEcho(COUPON_FORM);
  const sent = echo ? echo.values : undefined;
  const code = sent?.coupon?.trim() ?? '';
  return (
    <Form method="post" preventScrollReset className={`coupon ${className ?? ''}`} aria-label="Coupon">
      <input type="hidden" name="_form" value={COUPON_FORM} />
      <div className="coupon__row">
        <TextField label="Coupon code" name="coupon" hideLabel placeholder="Coupon code" autoComplete="off" defaultValue={sent?.coupon} className="coupon__field" />
        <button type="submit" className="btn btn--primary">
          Apply coupon
        </button>
      </div>
      <div role="status" aria-live="polite" className="coupon__status">
        {sent && (
          <p className="form-notice">
            {code ? `The code “${code}” can’t be applied: ` : ''}
            No coupons are active at the moment, so prices stay as shown.
          </p>
        )}
      </div>
    </Form>
  );
}
