import { useState, type ReactNode } from 'react';
import { useActionData } from 'react-router';
import { cartRows, countries, DEFAULT_COUNTRY, paymentMethods, shippingOptions, type PaymentMethod, type ShippingOption } from '../content/shop';
import { FieldMessage, SelectField, TextAreaField, TextField } from '../ui/fields';
import { EnquiryForm, type RequestFormResult } from '../requests/enquiry-form';
import { formatMoney } from './money';

function Check({ name, checked, onChange, controls, children }: { name: string; checked: boolean; onChange: (v: boolean) => void; controls: string; children: ReactNode }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} aria-controls={controls} />
      <span>{children}</span>
    </label>
  );
}

/** Address fields shared by billing and shipping; `section` prefixes names and autocomplete tokens of the shipping block. */
function AddressFields({ section, required }: { section?: 'shipping'; required: boolean }) {
  const n = (name: string) => (section ? `${section}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  const ac = (token: string) => (section ? `${section} ${token}` : token);
  return (
    <>
      <SelectField label="Country / Region" name={n('country')} options={countries} placeholder="Choose a country or region" defaultValue={DEFAULT_COUNTRY} autoComplete={ac('country')} required={required} className="field--full" />
      <TextField label="First name" name={n('firstName')} autoComplete={ac('given-name')} required={required} />
      <TextField label="Last name" name={n('lastName')} autoComplete={ac('family-name')} required={required} />
      <TextField label="Company name (optional)" name={n('company')} autoComplete={ac('organization')} className="field--full" />
      <TextField label="Street address" name={n('address')} autoComplete={ac('address-line1')} placeholder="House number and street name" required={required} className="field--full" />
      <TextField label="Apartment, suite, unit, etc. (optional)" name={n('apartment')} autoComplete={ac('address-line2')} className="field--full" />
      <TextField label="Town / City" name={n('city')} autoComplete={ac('address-level2')} required={required} />
      <TextField label="State / County" name={n('state')} autoComplete={ac('address-level1')} required={required} />
      <TextField label="Postcode / ZIP" name={n('postcode')} autoComplete={ac('postal-code')} required={required} />
    </>
  );
}

/**
 * Billing and shipping details, order summary, shipping choice and payment method.
 * 'Place order' sends an order request, paid by bank transfer or cheque once confirmed
 * (no card data here); the server works out the lines and totals from the cart itself.
 */
export function CheckoutForm() {
  const echo = useActionData() as RequestFormResult | undefined;
  const sent = echo && echo.status !== 'sent' ? echo.values : undefined;
  const [createAccount, setCreateAccount] = useState(sent?.createAccount === 'on');
  const [shipElsewhere, setShipElsewhere] = useState(sent?.shipToDifferentAddress === 'on');
  const [shipping, setShipping] = useState<ShippingOption['id']>(sent?.shipping === 'free' ? 'free' : 'flat');
  const [payment, setPayment] = useState<PaymentMethod['id']>(paymentMethods.find((m) => m.id === sent?.payment)?.id ?? 'bank');

  const subtotal = cartRows.reduce((sum, r) => sum + r.product.price * r.quantity, 0);

  return (
    <EnquiryForm kind="order" spec={() => import('./order-form').then((m) => m.orderForm)} submitLabel="Place order" label="Checkout" className="checkout-form" submitClassName="btn btn--accent btn--block">
      <div className="checkout-form__billing">
        <h2>Billing details</h2>
        <p className="checkout-form__required-note">
          Fields marked <span className="field__required">*</span> are required.
        </p>
        <div className="form-grid form-grid--2">
          <AddressFields required />
          <TextField label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" required />
          <TextField label="Email address" name="email" type="email" autoComplete="email" inputMode="email" required className="field--full" />
        </div>

        <Check name="createAccount" checked={createAccount} onChange={setCreateAccount} controls="checkout-account">
          Create an account?
        </Check>
        <FieldMessage name="createAccount" />
        <div id="checkout-account" className="checkout-form__reveal checkout-form__reveal--account" hidden={!createAccount}>
          <p>Create an account by choosing a password below: you can then sign in to this website with your e-mail address. If you are a returning customer, please log in at the top of the page.</p>
          <TextField
            label="Account password"
            name="accountPassword"
            type="password"
            autoComplete="new-password"
            minLength={7}
            required={createAccount}
            hint="More than 6 characters."
          />
        </div>

        <h3 className="checkout-form__ship-heading">
          <Check name="shipToDifferentAddress" checked={shipElsewhere} onChange={setShipElsewhere} controls="checkout-shipping">
            Ship to a different address?
          </Check>
        </h3>
        <div id="checkout-shipping" className="checkout-form__reveal checkout-form__reveal--shipping" hidden={!shipElsewhere}>
          <div className="form-grid form-grid--2">
            <AddressFields section="shipping" required={shipElsewhere} />
          </div>
        </div>

        <TextAreaField label="Order notes (optional)" name="orderNotes" placeholder="Notes about your order, e.g. special notes for delivery." rows={4} />
      </div>

      <div className="checkout-form__summary">
        <h2>Your order</h2>
        <table className="order-table">
          <caption className="visually-hidden">Order summary</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {cartRows.map((r) => (
              <tr key={r.product.slug}>
                <td>
                  {r.product.name} <span className="order-table__qty">× {r.quantity}</span>
                </td>
                <td>{formatMoney(r.product.price * r.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Subtotal</th>
              <td>{formatMoney(subtotal)}</td>
            </tr>
            <tr>
              <th scope="row">Shipping</th>
              <td>
                <fieldset className="choice-group">
                  <legend className="visually-hidden">Shipping</legend>
                  {shippingOptions.map((o) => (
                    <label key={o.id} className="choice">
                      <input type="radio" name="shipping" value={o.id} checked={shipping === o.id} onChange={() => setShipping(o.id)} />
                      <span>
                        {o.label}
                        {o.cost > 0 && `: ${formatMoney(o.cost)}`}
                        <span className="choice__note">{o.note}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              </td>
            </tr>
            <tr className="order-table__total">
              <th scope="row">Total</th>
              <td aria-live="polite">
                {shippingOptions.map((o) => (
                  <strong key={o.id} className="order-total" data-shipping={o.id} hidden={shipping !== o.id}>
                    {formatMoney(subtotal + o.cost)}
                  </strong>
                ))}
              </td>
            </tr>
          </tfoot>
        </table>

        <fieldset className="choice-group payment">
          <legend>Payment method</legend>
          <FieldMessage name="payment" id="payment-error" />
          {paymentMethods.map((m) => (
            <div key={m.id} className="payment__option">
              <label className="choice">
                <input type="radio" name="payment" value={m.id} checked={payment === m.id} onChange={() => setPayment(m.id)} aria-describedby={`payment-${m.id}-desc`} />
                <span>{m.label}</span>
              </label>
              <p id={`payment-${m.id}-desc`} className="payment__desc" hidden={payment !== m.id}>
                {m.description}
              </p>
            </div>
          ))}
        </fieldset>
        <p className="checkout-form__privacy">
          We use your details only to arrange your order by phone or e-mail. Nothing is charged online: we send our bank details with your order reference.
        </p>
      </div>
    </EnquiryForm>
  );
}
