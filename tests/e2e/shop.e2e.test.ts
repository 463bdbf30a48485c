import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../shared/content/products';
import { gotoHydrated, hydrate, launch, openPage } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const cardSlugs = (page: Page) => page.locator('.product-list article[data-product]').evaluateAll((els) => els.map((e) => e.getAttribute('data-product')));
const visibleText = (page: Page, selector: string) => page.locator(`${selector}:visible`).innerText();

/** Marks the window so a full page load (which would drop the mark) can be told from client navigation. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 1));
}
const stillSameWindow = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

describe('shop in a real browser', () => {
  it('the sort dropdown orders the products on change, on the client, and the URL keeps it', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/shop');
    expect(await cardSlugs(page)).toEqual(products.map((p) => p.slug));
    await markWindow(page);

    const sortSelect = page.getByLabel('Sort products');
    await sortSelect.selectOption('a-z');
    await page.waitForURL(/\?sort=a-z$/);
    const az = [...products].sort((a, b) => a.name.localeCompare(b.name, 'en')).map((p) => p.slug);
    await expect.poll(() => cardSlugs(page)).toEqual(az);
    expect(await page.locator('.shop-toolbar__apply').isVisible()).toBe(false);

    await sortSelect.selectOption('top-sales');
    const top = [...products].sort((a, b) => a.salesRank - b.salesRank).map((p) => p.slug);
    await expect.poll(() => cardSlugs(page)).toEqual(top);

    await sortSelect.selectOption('new');
    const newest = [...products].sort((a, b) => b.dateAdded.localeCompare(a.dateAdded)).map((p) => p.slug);
    await expect.poll(() => cardSlugs(page)).toEqual(newest);

    // The one page link keeps the sort.
    expect(await page.getByRole('link', { name: 'Page 01' }).getAttribute('href')).toBe('/shop?sort=new');
    expect(await stillSameWindow(page)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the grid/list toggle switches layout, marks the pressed button and survives a reload', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/shop');
    const grid = page.getByRole('button', { name: 'Grid view' });
    const list = page.getByRole('button', { name: 'List view' });
    expect(await grid.getAttribute('aria-pressed')).toBe('true');
    const firstCardWidth = () => page.locator('.product-list article').first().evaluate((el) => el.getBoundingClientRect().width);
    const gridWidth = await firstCardWidth();

    await list.click();
    await page.waitForURL(/\?view=list$/);
    await expect.poll(() => list.getAttribute('aria-pressed')).toBe('true');
    expect(await grid.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('.product-list').getAttribute('data-view')).toBe('list');
    expect(await firstCardWidth()).toBeGreaterThan(gridWidth * 2);
    expect(await page.locator('.product-card__summary').count()).toBe(9);

    await page.reload();
    await hydrate(page);
    expect(await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await page.waitForURL(/\/shop$/);
    await expect.poll(() => page.locator('.product-list').getAttribute('data-view')).toBe('grid');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('product details: thumbnails change the main image, the quantity steps, add to cart answers honestly, tabs switch', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/shop');
    await page.getByRole('link', { name: 'Cervical Contour Pillow' }).click();
    await page.waitForURL(/\/shopDetails\?product=cervical-pillow$/);
    await page.getByRole('heading', { name: 'Cervical Contour Pillow' }).waitFor();

    const main = page.locator('.product-gallery__img');
    expect(await main.getAttribute('data-shot')).toBe('full');
    await page.getByRole('button', { name: 'Show close-up' }).click();
    await expect.poll(() => main.getAttribute('data-shot')).toBe('closeup');
    expect(await page.getByRole('button', { name: 'Show close-up' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Show full view' }).getAttribute('aria-pressed')).toBe('false');

    const qty = page.getByRole('spinbutton', { name: /Quantity/ });
    await page.getByRole('button', { name: 'Increase quantity of Cervical Contour Pillow' }).click();
    await page.getByRole('button', { name: 'Increase quantity of Cervical Contour Pillow' }).click();
    expect(await qty.inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Decrease quantity of Cervical Contour Pillow' }).click();
    expect(await qty.inputValue()).toBe('2');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Decrease quantity of Cervical Contour Pillow' }).click();
    expect(await qty.inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Increase quantity of Cervical Contour Pillow' }).click();

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const status = page.locator('.add-to-cart__status');
    await expect.poll(() => status.innerText()).toContain('2 × Cervical Contour Pillow not added');
    expect(await status.innerText()).toContain('+234 800 000 0001');
    expect(await qty.inputValue()).toBe('2');

    await page.getByRole('tab', { name: 'Reviews(10)' }).click();
    expect(await page.getByRole('tabpanel').innerText()).toContain('10 sample reviews');
    expect(await page.locator('.review:visible').count()).toBe(10);
    await page.getByRole('tab', { name: 'Additional information' }).click();
    expect(await page.getByRole('tabpanel').innerText()).toContain('Slow-recovery memory foam');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('cart line totals and cart totals recompute when quantities change; coupon and update are answered honestly', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/shoppingCart');
    const total = page.locator('[data-cart-total]');
    expect(await total.innerText()).toBe('$215.00');

    await page.getByRole('spinbutton', { name: 'Quantity of Cervical Contour Pillow' }).fill('2');
    await expect.poll(() => page.locator('tr[data-product="cervical-pillow"] [data-line-total]').innerText()).toBe('$330.00');
    await expect.poll(() => total.innerText()).toBe('$380.00');
    expect(await page.locator('[data-cart-subtotal]').innerText()).toBe('$380.00');

    await page.getByRole('button', { name: 'Increase quantity of Lumbar Support Cushion' }).click();
    await expect.poll(() => page.locator('tr[data-product="lumbar-support-cushion"] [data-line-total]').innerText()).toBe('$100.00');
    await expect.poll(() => total.innerText()).toBe('$430.00');

    await page.getByRole('button', { name: 'Update cart' }).click();
    await expect.poll(() => page.locator('.cart__status').innerText()).toContain('Cart updated.');
    expect(await total.innerText()).toBe('$430.00');

    await page.getByLabel('Coupon code').fill('SPINE10');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect.poll(() => page.locator('.coupon__status').innerText()).toContain('No coupons are active');
    expect(await total.innerText()).toBe('$430.00');

    await page.getByRole('link', { name: /Proceed to checkout/ }).click();
    await page.waitForURL(/\/checkout$/);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the wishlist removes a row on the client', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/wishList');
    expect(await page.locator('tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: /^Remove\W+Textured Foam Roller$/ }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('.wishlist [role="status"]').innerText()).toContain('Textured Foam Roller removed from your wishlist.');
    expect(page.url()).toMatch(/\/wishList$/);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it("on a phone, once hydrated, the wishlist's and the cart's answer comes into view with the page where it was", async () => {
    const t = await openPage(browser, { width: 375, height: 800 });
    const { page } = t;
    const inView = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
      });
    await gotoHydrated(page, '/wishList');
    await markWindow(page);
    const add = page.getByRole('button', { name: /^Add to cart\b/ }).first();
    await add.scrollIntoViewIfNeeded();
    await add.click();
    const wishlistStatus = page.locator('#wishlist-status');
    await expect.poll(() => wishlistStatus.innerText()).toMatch(/not added/);
    await expect.poll(() => inView('#wishlist-status')).toBe(true);
    expect(await stillSameWindow(page)).toBe(true);

    await gotoHydrated(page, '/shoppingCart');
    await markWindow(page);
    const update = page.getByRole('button', { name: 'Update cart' });
    await update.scrollIntoViewIfNeeded();
    await page.locator('.cart-table').first().scrollIntoViewIfNeeded();
    await page.evaluate(() => scrollTo(0, 0));
    await update.click();
    await expect.poll(() => page.locator('#cart-status').innerText()).toContain('Cart updated.');
    await expect.poll(() => inView('#cart-status')).toBe(true);
    expect(await stillSameWindow(page)).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('each checkout toggle reveals its block, and closes again', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/checkout');

    for (const [name, inside] of [
      ['Click here to enter your code', 'Coupon code'],
      ['Click here to login', 'Lost your password?'],
    ] as const) {
      const button = page.getByRole('button', { name });
      const region = page.locator(`#${await button.getAttribute('aria-controls')}`);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      expect(await region.isVisible()).toBe(false);
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      expect(await region.isVisible()).toBe(true);
      expect(await region.innerText()).toContain(inside);
      await button.click();
      expect(await region.isVisible()).toBe(false);
      await button.click();
    }
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');

    // 'Lost your password?' asks for the e-mail first, inline.
    await page.getByRole('button', { name: 'Lost your password?' }).click();
    await expect.poll(() => page.locator('.returning__status').innerText()).toContain('enter the e-mail address of your account first');
    // With an e-mail it goes through the login page's action, which answers in its own dialog.
    await page.locator('.returning input[type="email"]').fill('ada@example.com');
    await page.getByRole('button', { name: 'Lost your password?' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: /Password reset email sent!|Oops\.\.\./ });
    await dialog.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
    // The dialog has finished closing when focus is back on the button that opened it: sweetalert2
    // returns it 100 ms after removing the dialog, and focusing scrolls that button into view. A
    // click aimed before then (at the checkbox below, scrolled into view) landed where the page had
    // been, and the checkbox did not change (a flake on a loaded machine).
    const lostPassword = page.getByRole('button', { name: 'Lost your password?' });
    await expect.poll(() => lostPassword.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => lostPassword.getAttribute('aria-busy')).toBe('false');
    // Whether the identity service (emulator) refuses the unknown e-mail (HTTP 400) or is not running here, the dialog
    // above reported it to the visitor; that request's failure is the service's answer, not an error of this page.
    const serviceRefusal = /^(http 400|request failed): \S*identitytoolkit\.googleapis\.com\/v1\/accounts:sendOobCode/;
    t.errors.splice(0, t.errors.length, ...t.errors.filter((e) => !serviceRefusal.test(e)));

    const password = page.getByLabel(/Account password/);
    expect(await password.isVisible()).toBe(false);
    await page.getByLabel('Create an account?').check();
    expect(await password.isVisible()).toBe(true);
    expect(await password.getAttribute('autocomplete')).toBe('new-password');
    expect(await password.evaluate((el: HTMLInputElement) => el.required)).toBe(true);
    await page.getByLabel('Create an account?').uncheck();
    expect(await password.isVisible()).toBe(false);

    const shippingBlock = page.locator('#checkout-shipping');
    expect(await shippingBlock.isVisible()).toBe(false);
    await page.getByLabel('Ship to a different address?').check();
    expect(await shippingBlock.isVisible()).toBe(true);
    expect(await shippingBlock.locator('input[name="shippingFirstName"]').getAttribute('autocomplete')).toBe('shipping given-name');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the shipping choice changes the total, the payment description follows the choice, and placing an order keeps the values', async () => {
    const t = await openPage(browser);
    const { page } = t;
    await gotoHydrated(page, '/checkout');
    const total = () => visibleText(page, '.order-total');
    expect(await total()).toBe('$222.00');
    await page.getByLabel(/Free Shipping/).check();
    await expect.poll(total).toBe('$215.00');
    await page.getByLabel(/Flat Rate/).check();
    await expect.poll(total).toBe('$222.00');
    await page.getByLabel(/Free Shipping/).check();

    expect(await visibleText(page, '.payment__desc')).toContain('bank account');
    await page.getByLabel('PayPal').check();
    expect(await visibleText(page, '.payment__desc')).toContain('PayPal account');
    expect(await page.locator('.payment__desc:visible').count()).toBe(1);

    const values: Record<string, string> = {
      firstName: 'Ada',
      lastName: 'Eze',
      address: '5 Example Close',
      city: 'Abuja',
      state: 'FCT',
      postcode: '900288',
      phone: '+234 800 000 0003',
      email: 'ada@example.com',
      orderNotes: 'Please call before delivery.',
    };
    for (const [name, value] of Object.entries(values)) await page.locator(`[name="${name}"]`).fill(value);
    await page.locator('select[name="country"]').selectOption('GH');
    await page.getByLabel('Create an account?').check();
    await page.getByLabel(/Account password/).fill('a-long-password');

    await page.getByRole('button', { name: 'Place order' }).click();
    // Issue 11: orders deliver, paid by transfer or cheque; PayPal is refused beside the choice.
    const notice = page.locator('#payment-error');
    await expect.poll(() => notice.innerText()).toContain('PayPal is not available yet');
    for (const [name, value] of Object.entries(values)) expect(await page.locator(`[name="${name}"]`).inputValue()).toBe(value);
    expect(await page.locator('select[name="country"]').inputValue()).toBe('GH');
    expect(await total()).toBe('$215.00');
    expect(await page.getByLabel('PayPal').isChecked()).toBe(true);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it.each([375, 1280])('every shop route renders without console errors or horizontal overflow at %i px', async (width) => {
    const t = await openPage(browser, { width, height: 900 });
    for (const path of ['/shop', '/shop?view=list&sort=a-z', '/shopDetails', '/shoppingCart', '/wishList', '/checkout']) {
      const res = await gotoHydrated(t.page, path);
      expect(res?.status(), path).toBe(200);
      expect(await t.page.locator('h1').count()).toBe(1);
      const overflow = await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(t.errors).toEqual([]);
    await t.close();
  });
});
