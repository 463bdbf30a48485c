import { z } from 'zod';
import { cartRows, countries, paymentMethods, shippingOptions } from '../content/shop';
import { choice, email, optional, phone, required, values } from '../platform/form-fields';
import type { FormSpec, NewRequest } from '../requests/schemas';

const address = (prefix = '') => {
  const n = (k: string) => (prefix ? `${prefix}${k[0]!.toUpperCase()}${k.slice(1)}` : k);
  return {
    [n('country')]: choice('a country', values(countries), true),
    [n('firstName')]: required('the first name', 80),
    [n('lastName')]: required('the last name', 80),
    [n('company')]: optional('the company name', 120),
    [n('address')]: required('the street address', 200),
    [n('apartment')]: optional('the apartment', 120),
    [n('city')]: required('the town or city', 80),
    [n('state')]: required('the state', 80),
    [n('postcode')]: required('the postcode', 20),
  };
};

/** The checkout: an order request, stored with the cart's lines and totals as the server computes them. */
export const orderForm: FormSpec = {
  kind: 'order',
  schema: () =>
    z
      .object({
        ...address(),
        email: email(true),
        phone: phone(true),
        // A checkbox: 'on' or nothing (it is stored with the order, so it is no free text).
        shipToDifferentAddress: choice('whether to ship to a different address', ['on']),
        shipping: choice('a shipping option', shippingOptions.map((s) => s.id), true),
        payment: choice('a payment method', paymentMethods.map((m) => m.id), true).refine((v) => v !== 'paypal', 'PayPal is not available yet. Please choose bank transfer or cheque.'),
        orderNotes: optional('the order notes', 1000),
        ...Object.fromEntries(Object.entries(address('shipping')).map(([k, s]) => [k, s.optional()])),
      })
      .superRefine((v, ctx) => {
        if (v.shipToDifferentAddress !== 'on') return;
        // The shipping block is required only when it is shown.
        const parsed = z.object(address('shipping')).safeParse(v);
        if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      })
      .transform((v): NewRequest => {
        const { firstName, lastName, email: mail, phone: tel, ...rest } = v as Record<string, string> & { phone: string };
        const payload: Record<string, unknown> = { firstName, lastName, ...rest };
        if (rest.shipToDifferentAddress !== 'on') for (const key of Object.keys(payload)) if (key.startsWith('shipping') && key !== 'shipping') delete payload[key];
        // The order holds the cart's lines and totals as the server computes them, never as posted.
        const lines = cartRows.map((r) => ({ product: r.product.name, slug: r.product.slug, quantity: r.quantity, unitPrice: r.product.price, total: r.product.price * r.quantity }));
        const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
        const shippingCost = shippingOptions.find((s) => s.id === rest.shipping)?.cost ?? 0;
        payload.lines = lines;
        payload.totals = { subtotal, shipping: shippingCost, total: subtotal + shippingCost, currency: 'USD', unit: 'cents' };
        return { kind: 'order', name: `${firstName} ${lastName}`, email: mail ?? null, phone: tel ?? null, payload };
      }),
};
