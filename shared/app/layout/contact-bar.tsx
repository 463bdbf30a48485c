import { useLocation } from 'react-router';
import { bookHref } from '../../booking/page-data';
import { Link } from '../../ui/link';
import { type SiteFacts } from '../../clinic/site-facts';
import { useSiteFacts } from '../../clinic/facts-context';
import { site, type Phone } from '../../content/site';
import { useSiteDetails } from '../../platform/site-details';
import { Icon } from '../../ui/icons';
import { PhoneLink } from '../../ui/phone-link';

/** The page's service, when it is about one: /service-detail/:id. */
function serviceOf(pathname: string, services: SiteFacts['services']) {
  const id = /^\/service-detail\/([^/]+)$/.exec(pathname)?.[1];
  return services.find((s) => s.id === id);
}

/** A wa.me link with a message to start from (WhatsApp opens with it filled in; nothing is sent until the visitor sends it). */
export function whatsappHref(phone: Phone, serviceTitle?: string): string {
  const number = phone.e164.replace(/^\+/, '');
  const text = serviceTitle ? `Hello, I would like to ask about ${serviceTitle} at ${site.name}.` : `Hello, I would like to ask about an appointment at ${site.name}.`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}

/**
 * On phones (under 768 px) a bar stays at the bottom: call, WhatsApp, book. The page
 * keeps room for it (see the stylesheet), so it never hides content or a focused field.
 */
export function ContactBar() {
  const { pathname } = useLocation();
  const { services } = useSiteFacts();
  const { whatsapp, phones } = useSiteDetails();
  if (pathname.startsWith('/staff')) return null;
  const service = serviceOf(pathname, services);
  return (
    <nav className="contact-bar" aria-label="Contact the clinic">
      <PhoneLink className="contact-bar__item" iconSize={20}>
        <span>Call</span>
      </PhoneLink>
      <a href={whatsappHref(whatsapp ?? phones[0], service?.name)} className="contact-bar__item" rel="noopener noreferrer" target="_blank">
        <Icon name="whatsapp" size={20} />
        <span>
          WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
        </span>
      </a>
      <Link to={bookHref(service ? { service: service.id } : {})} className="contact-bar__item contact-bar__item--book">
        <Icon name="calendar" size={20} />
        <span>Book</span>
      </Link>
    </nav>
  );
}
