import { PageHeader } from '../components/page-header';
import { Wishlist } from '../components/shop/wishlist';
import '../components/shop/shop.css';

/** Wishlist (spec section 2): two sample rows. */
export default function WishListPage() {
  return (
    <>
      <PageHeader title="Wishlist" crumbs={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: 'Wishlist' }]} />
      <section className="section">
        <div className="container">
          <Wishlist />
        </div>
      </section>
    </>
  );
}
