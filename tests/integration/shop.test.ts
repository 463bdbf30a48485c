import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { products } from '../../shared/content/products';
import { paymentMethods, RESULTS_TEXT, sortOptions } from '../../shared/content/shop';
import type { AccountService } from '../../server/accounts/account-service';
import { makeTestApp } from '../support/test-app';
import { memoryRequests } from '../support/memory-requests';

const app = makeTestApp();

/** Product names in the order the server HTML lists the product cards. */
function productOrder(html: string): string[] {
  return [...html.matchAll(/data-product="([^"]+)"/g)].map((m) => m[1]!);
}

/** The first <input>, <select> or <textarea> start tag with that name (attribute order is React's business). */
function fieldTag(html: string, name: string, value?: string): string {
  const tags = [...html.matchAll(/<(input|select|textarea)\b[^>]*>/g)].map((m) => m[0]);
  const found = tags.find((t) => t.includes(` name="${name}"`) && (value === undefined || t.includes(` value="${value}"`)));
  if (!found) throw new Error(`no field ${name}${value ? `=${value}` : ''}`);
  return found;
}

/** Text with React's comment separators and entities removed, for content checks. */
function text(html: string): string {
  return html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
}

describe('shop routes', () => {
  it.each(['/shop', '/shopDetails', '/shoppingCart', '/wishList', '/checkout'])('%s answers 200', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text.match(/<h1[\s>]/g)).toHaveLength(1);
  });

  it('/shop shows the results line, the sort options, the view toggle and the first page of products', async () => {
    const res = await request(app).get('/shop');
    const html = text(res.text);
    expect(html).toContain(RESULTS_TEXT);
    expect(html).toContain('Showing 1-22 of 32 results');
    for (const label of ['Shop By', 'Top Sales', 'New Product', 'A to Z Product']) expect(html).toContain(`>${label}</option>`);
    expect(html).toMatch(/<select[^>]*name="sort"/);
    const viewButtons = [...html.matchAll(/<button\b[^>]*name="view"[^>]*>/g)].map((m) => m[0]);
    expect(viewButtons).toHaveLength(2);
    expect(viewButtons.find((b) => b.includes('value="grid"'))).toContain('aria-pressed="true"');
    expect(viewButtons.find((b) => b.includes('value="list"'))).toContain('aria-pressed="false"');
    expect(productOrder(html)).toEqual(products.map((p) => p.slug));
    expect(html).toContain('href="/shopDetails?product=lumbar-support-cushion"');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*><span class="visually-hidden">Page <\/span>01<\/a>/);
    expect(html).not.toContain('href="/shop?page=2"');
  });

  it('the first page shows the specification\'s nine sample products, with its static one-page pagination', async () => {
    const one = await request(app).get('/shop');
    const slugs = productOrder(one.text);
    expect(slugs).toHaveLength(9);
    expect(new Set(slugs)).toEqual(new Set(products.map((p) => p.slug)));
    for (const p of products) expect(text(one.text)).toContain(p.name);
    expect(text(one.text)).toContain('Page 1 of 1');
    // A page past the end falls back to the first page.
    expect(productOrder((await request(app).get('/shop?page=2')).text)).toEqual(slugs);
  });

  it.each([
    ['a-z', (a: (typeof products)[number], b: (typeof products)[number]) => a.name.localeCompare(b.name, 'en')],
    ['top-sales', (a: (typeof products)[number], b: (typeof products)[number]) => a.salesRank - b.salesRank],
    ['new', (a: (typeof products)[number], b: (typeof products)[number]) => b.dateAdded.localeCompare(a.dateAdded)],
  ] as const)('?sort=%s orders the products in the server HTML', async (sort, compare) => {
    const expected = [...products].sort(compare).map((p) => p.slug);
    const one = await request(app).get(`/shop?sort=${sort}`);
    expect(productOrder(one.text)).toEqual(expected);
    expect(one.text).toMatch(new RegExp(`<option value="${sort}" selected="">`));
    expect(one.text).toContain(`aria-current="page" href="/shop?sort=${sort}"`);
  });

  it('sorting by name really reorders: A to Z starts with Cervical, then Cushioned', async () => {
    const res = await request(app).get('/shop?sort=a-z');
    expect(productOrder(res.text).slice(0, 2)).toEqual(['cervical-pillow', 'yoga-mat']);
    expect(sortOptions.map((o) => o.label)).toEqual(['Shop By', 'Top Sales', 'New Product', 'A to Z Product']);
  });

  it('?view=list renders the list layout with the list button pressed, and unknown values fall back', async () => {
    const list = await request(app).get('/shop?view=list');
    expect(list.text).toContain('product-list--list');
    expect(list.text).toMatch(/<button\b[^>]*value="list"[^>]*aria-pressed="true"/);
    const odd = await request(app).get('/shop?view=zigzag&sort=nope&page=99');
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('product-list--grid');
    expect(productOrder(odd.text)).toEqual(products.map((p) => p.slug));
  });

  it('/shopDetails shows a product with thumbnails, price and struck old price, quantity, add to cart and the three tabs', async () => {
    const res = await request(app).get('/shopDetails');
    const html = text(res.text);
    expect(html).toContain('Cervical Contour Pillow');
    expect(html).toContain('$165.00');
    expect(html).toMatch(/<s class="price__old"><span class="visually-hidden">Was <\/span>\$190\.00<\/s>/);
    expect(html.match(/class="product-gallery__thumb" aria-pressed="(true|false)"/g)).toHaveLength(3);
    const qty = fieldTag(html, 'quantity');
    expect(qty).toContain('type="number"');
    expect(qty).toContain('min="1"');
    expect(html).toContain('Add to cart');
    for (const tab of ['Description', 'Additional information', 'Reviews(10)']) expect(html).toMatch(new RegExp(`role="tab"[^>]*>${tab.replace(/[()]/g, '\\$&')}</button>`));
  });

  it('/shopDetails?product= shows that product with its own title; an unknown product is a 404', async () => {
    const res = await request(app).get('/shopDetails?product=yoga-mat');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Cushioned Yoga Mat | Shop');
    expect(res.text).toContain('$40.00');
    expect((await request(app).get('/shopDetails?product=no-such-thing')).status).toBe(404);
  });

  it('add to cart answers honestly (no orders online) and keeps the quantity, without JavaScript', async () => {
    const res = await request(app).post('/shopDetails').type('form').send({ _form: 'add-to-cart', product: 'cervical-pillow', quantity: '3' });
    expect(res.status).toBe(200);
    const html = text(res.text);
    expect(html).toContain('3 × Cervical Contour Pillow not added:');
    expect(html).toContain('we don’t take orders online yet');
    expect(html).toContain('+234 800 000 0001');
    expect(fieldTag(html, 'quantity')).toContain('value="3"');
  });

  it('/shoppingCart has a captioned table with the two rows, totals $215.00, coupon, update cart and checkout link', async () => {
    const res = await request(app).get('/shoppingCart');
    const html = text(res.text);
    expect(html).toMatch(/<table class="cart-table"><caption[^>]*>Items in your cart<\/caption>/);
    for (const h of ['Product', 'Price', 'Quantity', 'Total']) expect(html).toContain(`<th scope="col">${h}</th>`);
    expect(html.match(/data-line-total="true">\$165\.00</g)).toHaveLength(1);
    expect(html.match(/data-line-total="true">\$50\.00</g)).toHaveLength(1);
    expect(html).toMatch(/data-cart-subtotal="true">\$215\.00</);
    expect(html).toMatch(/data-cart-total="true"[^>]*>\$215\.00</);
    fieldTag(html, 'coupon');
    expect(html).toContain('Apply coupon');
    expect(html).toContain('Update cart');
    expect(html).toContain('href="/checkout"');
  });

  it('updating the cart without JavaScript recomputes the totals on the server; a coupon is refused politely', async () => {
    const res = await request(app).post('/shoppingCart').type('form').send({ _form: 'cart', 'qty-cervical-pillow': '2', 'qty-lumbar-support-cushion': '1' });
    const html = text(res.text);
    expect(html).toMatch(/data-line-total="true">\$330\.00</);
    expect(html).toMatch(/data-cart-total="true"[^>]*>\$380\.00</);
    expect(html).toContain('Cart updated.');
    // Applying a coupon stores nothing: a GET form on the page (no action is asked).
    const coupon = text((await request(app).get('/shoppingCart?coupon=SPINE10')).text);
    expect(coupon).toContain('The code “SPINE10” can’t be applied');
    expect(coupon).toContain('No coupons are active');
  });

  it('/wishList shows two rows with price, stock status and actions; removing works without JavaScript', async () => {
    const res = await request(app).get('/wishList');
    const html = text(res.text);
    expect(html.match(/<tr data-product=/g)).toHaveLength(2);
    for (const t of ['Textured Foam Roller', '$35.00', 'Posture Corrector Brace', '$45.00', 'In stock', 'Out of stock', 'Stock status', 'Remove']) expect(html).toContain(t);
    const removed = text((await request(app).post('/wishList').type('form').send({ _form: 'wishlist', intent: 'remove:foam-roller' })).text);
    expect(removed.match(/<tr data-product=/g)).toHaveLength(1);
    expect(removed).toContain('Textured Foam Roller removed from your wishlist.');
  });

  it('/checkout has the two boxes, billing fields with required markers and autocomplete, shipping, payment and Place order', async () => {
    const res = await request(app).get('/checkout');
    const html = text(res.text);
    expect(html).toMatch(/aria-expanded="false"[^>]*>Click here to login/);
    expect(html).toMatch(/aria-expanded="false"[^>]*>Click here to enter your code/);
    expect(html).toContain('href="/login"');
    expect(html).toContain('Lost your password?');
    const fields: [string, string, boolean][] = [
      ['country', 'country', true],
      ['firstName', 'given-name', true],
      ['lastName', 'family-name', true],
      ['company', 'organization', false],
      ['address', 'address-line1', true],
      ['apartment', 'address-line2', false],
      ['city', 'address-level2', true],
      ['state', 'address-level1', true],
      ['postcode', 'postal-code', true],
      ['email', 'email', true],
      ['phone', 'tel', true],
    ];
    for (const [name, token, required] of fields) {
      const tag = fieldTag(html, name);
      expect(tag, name).toMatch(new RegExp(`autocomplete="${token}"`, 'i'));
      expect(tag.includes('required=""'), name).toBe(required);
    }
    expect(html).toMatch(/<select[^>]*name="country"[^>]*>.*?<option value="NG" selected="">Nigeria<\/option>/s);
    expect(fieldTag(html, 'email')).toContain('type="email"');
    expect(fieldTag(html, 'phone')).toContain('type="tel"');
    expect(html.match(/class="field__required" aria-hidden="true"> \*<\/span>/g)!.length).toBeGreaterThanOrEqual(9);
    expect(html).toContain('Company name (optional)');
    const password = fieldTag(html, 'accountPassword');
    expect(password).toContain('type="password"');
    expect(password).toMatch(/autocomplete="new-password"/i);
    expect(fieldTag(html, 'createAccount')).toContain('type="checkbox"');
    expect(fieldTag(html, 'shipToDifferentAddress')).toContain('type="checkbox"');
    fieldTag(html, 'orderNotes');
    expect(html).toContain('Flat Rate: $7.00');
    expect(html).toContain('Free Shipping');
    expect(fieldTag(html, 'shipping', 'flat')).toContain('checked=""');
    expect(fieldTag(html, 'shipping', 'free')).not.toContain('checked=""');
    expect(html).toMatch(/data-shipping="flat">\$222\.00</);
    for (const m of paymentMethods) expect(html).toContain(m.label);
    expect(html).toContain('Direct Bank Transfer');
    expect(html).toContain('Cheque Payment');
    expect(html).toContain('PayPal');
    expect(html).toContain('Place order');
  });

  // Issue 11: 'Place order' delivers an order request paid by transfer; PayPal is refused beside the choice.
  it('placing an order with PayPal without JavaScript is refused (422), keeps the values and never echoes the password', async () => {
    const res = await request(app).post('/checkout').type('form').send({
      _form: 'checkout',
      country: 'GH',
      firstName: 'Ada',
      lastName: 'Eze',
      address: '5 Example Close',
      city: 'Abuja',
      state: 'FCT',
      postcode: '900288',
      email: 'ada@example.com',
      phone: '+2348000000003',
      createAccount: 'on',
      accountPassword: 'secret-pass',
      shipping: 'free',
      payment: 'paypal',
      orderNotes: 'Leave at reception',
    });
    expect(res.status).toBe(422);
    const html = text(res.text);
    expect(html).toContain('PayPal is not available yet. Please choose bank transfer or cheque.');
    expect(fieldTag(html, 'firstName')).toContain('value="Ada"');
    expect(html).toMatch(/<option value="GH" selected="">Ghana/);
    expect(html).toContain('Leave at reception</textarea>');
    expect(html).not.toContain('secret-pass');
    expect(fieldTag(html, 'createAccount')).toContain('checked=""');
    expect(fieldTag(html, 'shipping', 'free')).toContain('checked=""');
    expect(fieldTag(html, 'payment', 'paypal')).toContain('checked=""');
    expect(html).toMatch(/data-shipping="free">\$215\.00</);
  });

  it('an order request by bank transfer is stored with the lines and totals the server computes', async () => {
    const enquiries = memoryRequests();
    const shop = makeTestApp({ requests: enquiries });
    const res = await request(shop).post('/checkout').type('form').send({
      _form: 'checkout', country: 'NG', firstName: 'Ada', lastName: 'Eze', address: '5 Example Close', city: 'Abuja', state: 'FCT', postcode: '900288',
      email: 'ada@example.com', phone: '0803 123 4567', shipping: 'flat', payment: 'bank', orderNotes: '', accountPassword: 'never-stored',
    });
    expect(res.status).toBe(200);
    expect(text(res.text)).toMatch(/ORD-[A-Z0-9]{5}/);
    expect(enquiries.rows).toHaveLength(1);
    const order = enquiries.rows[0]!;
    expect(order).toMatchObject({ kind: 'order', name: 'Ada Eze', email: 'ada@example.com', phone: '+2348031234567' });
    expect(order.payload.totals).toEqual({ subtotal: 21500, shipping: 700, total: 22200, currency: 'USD', unit: 'cents' });
    expect(JSON.stringify(order)).not.toContain('never-stored');
  });

  describe("the checkout's 'Create an account?'", () => {
    const order = {
      _form: 'checkout', country: 'NG', firstName: 'Ada', lastName: 'Eze', address: '5 Example Close', city: 'Abuja', state: 'FCT', postcode: '900288',
      email: 'ada@example.com', phone: '0803 123 4567', shipping: 'flat', payment: 'bank', orderNotes: 'Ring twice', createAccount: 'on', accountPassword: 'a-long-password',
    };
    /** An identity service that remembers the accounts it holds. */
    function fakeAccounts() {
      const held = new Map<string, { email: string; password: string; displayName: string }>();
      let next = 1;
      const service: AccountService & { held: typeof held } = {
        held,
        async create(input) {
          if ([...held.values()].some((a) => a.email === input.email)) return 'exists';
          const uid = `uid-${next++}`;
          held.set(uid, input);
          return { uid };
        },
        async remove(uid) {
          held.delete(uid);
        },
      };
      return service;
    }

    it('makes the account with the password (which is stored nowhere else) and stores the order marked with it', async () => {
      const accounts = fakeAccounts();
      const enquiries = memoryRequests();
      const res = await request(makeTestApp({ requests: enquiries, accounts })).post('/checkout').type('form').send(order);
      expect(res.status).toBe(200);
      expect(text(res.text)).toMatch(/ORD-[A-Z0-9]{5}/);
      expect([...accounts.held.values()]).toEqual([{ email: 'ada@example.com', password: 'a-long-password', displayName: 'Ada Eze' }]);
      expect(enquiries.rows).toHaveLength(1);
      expect(enquiries.rows[0]!.payload.accountCreated).toBe(true);
      expect(JSON.stringify(enquiries.rows[0])).not.toContain('a-long-password');
    });

    it('an address that has an account already is refused (422) beside the e-mail field, and nothing is stored', async () => {
      const accounts = fakeAccounts();
      await accounts.create({ email: 'ada@example.com', password: 'another-one', displayName: 'Ada' });
      const enquiries = memoryRequests();
      const res = await request(makeTestApp({ requests: enquiries, accounts })).post('/checkout').type('form').send(order);
      expect(res.status).toBe(422);
      expect(text(res.text)).toContain('An account with this e-mail address exists already. Sign in, or untick “Create an account?”.');
      expect(enquiries.rows).toHaveLength(0);
      expect(accounts.held.size).toBe(1);
    });

    it('when the order cannot be stored the new account is taken back, so sending the form again makes both', async () => {
      const accounts = fakeAccounts();
      const enquiries = memoryRequests();
      const shop = makeTestApp({ requests: enquiries, accounts });
      // The store answers the rate limit and then fails on the order itself.
      const submit = enquiries.submit;
      enquiries.submit = () => Promise.reject(new Error('store unreachable'));
      const failed = await request(shop).post('/checkout').type('form').send(order);
      expect(failed.status).toBe(503);
      expect(fieldTag(text(failed.text), 'firstName')).toContain('value="Ada"');
      expect(failed.text).not.toContain('a-long-password');
      expect(accounts.held.size).toBe(0);

      enquiries.submit = submit;
      const retried = await request(shop).post('/checkout').type('form').send(order);
      expect(retried.status).toBe(200);
      expect(text(retried.text)).toMatch(/ORD-[A-Z0-9]{5}/);
      expect(accounts.held.size).toBe(1);
      expect(enquiries.rows).toHaveLength(1);
    });

    it('a password of six characters or fewer is refused (422) before any account is made', async () => {
      const accounts = fakeAccounts();
      const res = await request(makeTestApp({ accounts })).post('/checkout').type('form').send({ ...order, accountPassword: 'short' });
      expect(res.status).toBe(422);
      expect(text(res.text)).toContain('Please choose a password of more than 6 characters.');
      expect(accounts.held.size).toBe(0);
    });
  });

  it('the checkout boxes open without JavaScript through ?open=', async () => {
    const res = await request(app).get('/checkout?open=coupon&open=login');
    expect(res.text).toMatch(/aria-expanded="true"[^>]*>Click here to login/);
    expect(res.text).toMatch(/aria-expanded="true"[^>]*>Click here to enter your code/);
  });
});
