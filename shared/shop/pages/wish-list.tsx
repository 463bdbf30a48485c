import { PageHeader } from '../../ui/page-header';
import { Wishlist } from '../wishlist';
import '../shop.css';

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
