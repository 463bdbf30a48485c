import type { PageRoute } from '../platform/page-route';

export const shopRoutes: PageRoute[] = [
  {
    path: '/shop',
    page: 'shop/shop',
    meta: { title: 'Shop', description: 'Posture, sleep and home-exercise aids our chiropractors often recommend, from lumbar cushions to resistance bands. Order by phone.' },
  },
  {
    path: '/shopDetails',
    page: 'shop/shop-details',
    serverAction: true,
    meta: { title: 'Shop Details', description: 'Product details, sizes and sample reviews from our demonstration wellness shop in Abuja.' },
  },
  {
    path: '/shoppingCart',
    page: 'shop/shopping-cart',
    serverAction: true,
    meta: { title: 'Shopping Cart', description: 'Your cart at our demonstration wellness shop: quantities, totals and how to order by phone.' },
  },
  {
    path: '/wishList',
    page: 'shop/wish-list',
    serverAction: true,
    meta: { title: 'Wishlist', description: 'Products you have saved from our demonstration wellness shop.' },
  },
  {
    path: '/checkout',
    page: 'shop/checkout',
    serverAction: true,
    meta: { title: 'Checkout', description: 'Billing, shipping and payment details for our demonstration wellness shop. Online orders are not taken yet: order by phone.' },
  },
];
