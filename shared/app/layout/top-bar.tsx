import type { ReactNode } from 'react';
import { Link } from '../../ui/link';
import { Icon } from '../../ui/icons';
import { PhoneLink } from '../../ui/phone-link';
import { mailtoHref } from '../../platform/email-address';
import { useSiteDetails } from '../../platform/site-details';

/** Thin bar above the header: phone, e-mail and the appointment button (spec section 1). */
export function TopBar({ extra }: { extra?: ReactNode }) {
  const details = useSiteDetails();
  const [phone] = details.phones;
  return (
    // A landmark of its own, so its content is not outside every landmark (axe "region").
    <aside className="top-bar" aria-label="Contact and appointments">
      <div className="container top-bar__inner">
        <ul className="top-bar__contacts">
          <li>
            <PhoneLink phone={phone} iconSize={16}>
              <span>{phone.display}</span>
            </PhoneLink>
          </li>
          <li className="top-bar__email">
            <a href={mailtoHref(details.email)}>
              <Icon name="mail" size={16} />
              <span>{details.email}</span>
            </a>
          </li>
        </ul>
        {extra}
        <Link to="/contact" className="btn btn--accent btn--sm top-bar__cta">
          Make Appointment
        </Link>
      </div>
    </aside>
  );
}
