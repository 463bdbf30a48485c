import { DEMO_SHOP_NOTICE } from '../content/shop';
import { PhoneLink } from '../ui/phone-link';
import { mailtoHref } from '../platform/email-address';
import { useSiteDetails } from '../platform/site-details';

/** The honest answer wherever the shop would take an order: how to order by phone or e-mail instead. */
export function OrderByPhone({ lead }: { lead?: string }) {
  const details = useSiteDetails();
  const [phone] = details.phones;
  return (
    <p className="form-notice shop-notice">
      {lead && <strong>{lead} </strong>}
      {DEMO_SHOP_NOTICE} To order, call <PhoneLink phone={phone} /> or e-mail <a href={mailtoHref(details.email)}>{details.email}</a>, and we’ll
      arrange payment and delivery or collection at the clinic.
    </p>
  );
}
