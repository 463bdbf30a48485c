import { contactCopy } from '../../content/contact';
import type { IconName } from '../../content/types';
import { Icon } from '../icons';
import type { ReactNode } from 'react';
import { PhoneLink } from '../phone-link';
import './contact-sections.css';
import { mailtoHref } from '../../platform/email-address';
import { useSiteDetails } from '../../platform/site-details';

function Block({ icon, title, text, children }: { icon: IconName; title: string; text: string; children: ReactNode }) {
  return (
    <li className="contact-block">
      <span className="contact-block__icon">
        <Icon name={icon} size={26} />
      </span>
      <h3 className="contact-block__title">{title}</h3>
      <p className="contact-block__text">{text}</p>
      <div className="contact-block__links">{children}</div>
    </li>
  );
}

/** The mail, visit and call blocks of /contact: the clinic's identity, and its address and hours (the page's data). */
export function ContactInfo({ address, mapHref, hours }: { address: string; mapHref: string | null; hours: { days: string; time: string; closed: string } }) {
  const details = useSiteDetails();
  return (
    <ul className="contact-blocks">
      <Block icon="mail" title={contactCopy.mailTitle} text={contactCopy.mailText}>
        <a href={mailtoHref(details.email)}>{details.email}</a>
      </Block>
      <Block icon="pin" title={contactCopy.visitTitle} text={contactCopy.visitText}>
        <address>{address}</address>
        {mapHref && (
          <a href={mapHref} target="_blank" rel="noopener noreferrer">
            {contactCopy.mapLabel}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </Block>
      <Block icon="phone" title={contactCopy.callTitle} text={contactCopy.callText}>
        {details.phones.map((p) => (
          <PhoneLink key={p.e164} phone={p} />
        ))}
        <span className="contact-block__hours">
          {hours.days}, {hours.time}; {hours.closed}
        </span>
      </Block>
    </ul>
  );
}
