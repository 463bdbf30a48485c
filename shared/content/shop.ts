import { productById, type Cents, type Product } from './products';

/** The sort dropdown of the shop (spec section 2). An empty value keeps the catalogue order. */
export const sortOptions = [
  { value: '', label: 'Shop By' },
  { value: 'top-sales', label: 'Top Sales' },
  { value: 'new', label: 'New Product' },
  { value: 'a-z', label: 'A to Z Product' },
] as const;

export type SortKey = (typeof sortOptions)[number]['value'];
export type ShopView = 'grid' | 'list';

/** The specification's nine sample products all show on the first page (the pagination stays, as in the spec, with one page). */
export const PRODUCTS_PER_PAGE = 9;

/** The results line, verbatim from the specification. */
export const RESULTS_TEXT = 'Showing 1-22 of 32 results';

export const shopIntro =
  'Simple aids our clinicians often recommend for posture, sleep and home exercise. This is a demonstration shop: browse freely, and call us to order.';

/** What the shop says wherever an order would be placed: it takes no orders online yet. */
export const DEMO_SHOP_NOTICE = 'This shop is a demonstration: we don’t take orders online yet, so nothing has been added or charged.';

export interface CartRow {
  product: Product;
  quantity: number;
}

/** The two sample rows of the cart and the checkout summary: $165.00 and $50.00, $215.00 together. */
export const cartRows: readonly CartRow[] = [
  { product: productById(2), quantity: 1 },
  { product: productById(1), quantity: 1 },
];

export interface WishlistRow {
  product: Product;
}

export const wishlistRows: readonly WishlistRow[] = [{ product: productById(3) }, { product: productById(5) }];

export interface ShippingOption {
  id: 'flat' | 'free';
  label: string;
  cost: Cents;
  note: string;
}

export const shippingOptions: readonly ShippingOption[] = [
  { id: 'flat', label: 'Flat Rate', cost: 700, note: 'Delivery within Abuja in 2–3 working days.' },
  { id: 'free', label: 'Free Shipping', cost: 0, note: 'Collect from the clinic reception in Wuse II.' },
];

export interface PaymentMethod {
  id: 'bank' | 'cheque' | 'paypal';
  label: string;
  description: string;
}

export const paymentMethods: readonly PaymentMethod[] = [
  {
    id: 'bank',
    label: 'Direct Bank Transfer',
    description: 'Pay straight into our bank account, using your order number as the reference. We send the items once the payment has cleared.',
  },
  { id: 'cheque', label: 'Cheque Payment', description: 'Send or bring a cheque made out to the clinic. We send the items once it has cleared.' },
  { id: 'paypal', label: 'PayPal', description: 'Pay with your PayPal account or a card through PayPal.' },
];

/** Country options (ISO 3166-1 alpha-2 values, as the `country` autocomplete token expects). Nigeria first and default. */
export const countries = [
  { value: 'NG', label: 'Nigeria' },
  { value: 'BJ', label: 'Benin' },
  { value: 'CM', label: 'Cameroon' },
  { value: 'GH', label: 'Ghana' },
  { value: 'KE', label: 'Kenya' },
  { value: 'NE', label: 'Niger' },
  { value: 'ZA', label: 'South Africa' },
  { value: 'TG', label: 'Togo' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'US', label: 'United States' },
] as const;

export const DEFAULT_COUNTRY = 'NG';

export interface Review {
  author: string;
  date: string;
  rating: number;
  text: string;
}

/** 'Reviews(10)': ten sample reviews, written about the shop's service so they fit every product. */
export const sampleReviews: readonly Review[] = [
  { author: 'Amaka O.', date: '2024-06-12', rating: 5, text: 'The receptionist showed me how to adjust it before I left. Much easier on my long drive to Gwarinpa.' },
  { author: 'Tunde A.', date: '2024-06-03', rating: 5, text: 'Good quality and exactly as described. My physiotherapy homework is easier to keep up now.' },
  { author: 'Hauwa B.', date: '2024-05-27', rating: 4, text: 'Took a few days to get used to, but I like it. Wish it came in more colours.' },
  { author: 'Chidi E.', date: '2024-05-19', rating: 5, text: 'Ordered by phone and collected at the clinic the next day. Simple.' },
  { author: 'Fatima S.', date: '2024-05-08', rating: 4, text: 'Helpful advice on how long to use it each day. Sturdy and well made.' },
  { author: 'Emeka N.', date: '2024-04-30', rating: 5, text: 'My chiropractor suggested it and it fits well into my routine at the office.' },
  { author: 'Blessing I.', date: '2024-04-22', rating: 4, text: 'Comfortable and easy to clean. Delivery to Maitama was on time.' },
  { author: 'Yusuf K.', date: '2024-04-11', rating: 5, text: 'Fair price compared with what I found elsewhere in town.' },
  { author: 'Ngozi P.', date: '2024-03-29', rating: 4, text: 'Does what it should. The printed instructions were clear.' },
  { author: 'Ibrahim D.', date: '2024-03-15', rating: 5, text: 'Staff took time to explain which size to choose. Recommended.' },
];
