import { site } from '../content/site';
import { DEMO_SHOP_NOTICE } from '../content/shop';
import { PhoneLink } from '../ui/phone-link';
import { mailtoHref } from '../platform/email-address';

/** The honest answer wherever the shop would take an order: how to order by phone or e-mail instead. */
export function OrderByPhone({ lead }: { lead?: string }) {
  const [phone] = site.phones;
  return (
    <p className="form-notice shop-notice">
      {lead && <strong>{lead} </strong>}
      {DEMO_SHOP_NOTICE} To order, call <PhoneLink phone={phone} /> or e-mail <a href={mailtoHref(site.email)}>{site.email}</a>, and we’ll
      arrange payment and delivery or collection at the clinic.
    </p>
  );
}
