import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/page-header';
import { CheckoutForm } from '../checkout-form';
import { COUPON_PARAM, CouponForm } from '../coupon-form';
import { RevealBox } from '../reveal-box';
import { ReturningCustomer } from '../returning-customer';
import { OrderByPhone } from '../order-by-phone';
import '../shop.css';

const BOXES = ['login', 'coupon'] as const;
type Box = (typeof BOXES)[number];

/** Checkout (spec section 2): coupon and returning-customer boxes, billing, shipping, order summary, payment. */
export default function CheckoutPage() {
  const [params] = useSearchParams();
  const couponSent = params.has(COUPON_PARAM);
  const [open, setOpen] = useState<Box[]>(() => {
    const fromUrl = BOXES.filter((b) => params.getAll('open').includes(b));
    return couponSent && !fromUrl.includes('coupon') ? [...fromUrl, 'coupon'] : fromUrl;
  });
  const toggled = (box: Box): Box[] => (open.includes(box) ? open.filter((b) => b !== box) : [...open, box]);
  const toggle = (box: Box) => setOpen(toggled(box));

  const boxState = (name: Box) => ({ name, open: open.includes(name), nextOpen: toggled(name), onToggle: () => toggle(name) });
  return (
    <>
      <PageHeader title="Checkout" crumbs={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: 'Checkout' }]} />
      <section className="section checkout">
        <div className="container">
          <OrderByPhone lead="Please note:" />
          <div className="checkout__boxes">
            <RevealBox
              {...boxState('login')}
              icon="user"
              lead="Returning customer?"
              buttonLabel="Click here to login"
            >
              <ReturningCustomer />
            </RevealBox>
            <RevealBox
              {...boxState('coupon')}
              icon="star"
              lead="Have a coupon?"
              buttonLabel="Click here to enter your code"
            >
              <p>If you have a coupon code, please apply it below.</p>
              <CouponForm keep={[['open', 'coupon']]} />
            </RevealBox>
          </div>
          <CheckoutForm />
        </div>
      </section>
    </>
  );
}
