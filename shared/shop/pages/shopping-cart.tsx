import { PageHeader } from '../../ui/page-header';
import { Cart } from '../cart';
import '../shop.css';

/** Cart (spec section 2): two sample rows, coupon, update cart, totals and the way to checkout. */
export default function ShoppingCartPage() {
  return (
    <>
      <PageHeader title="Shopping Cart" crumbs={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: 'Shopping Cart' }]} />
      <div className="section">
        <div className="container">
          <Cart />
        </div>
      </div>
    </>
  );
}
