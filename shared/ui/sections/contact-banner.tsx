import { Link } from '../link';
import { Icon } from '../icons';
import { PhoneLink } from '../phone-link';
import { Section } from '../section';
import './service-sections.css';
import { useSiteDetails } from '../../platform/site-details';

interface ContactBannerProps {
  headingId: string;
  title: string;
  text: string;
  linkLabel: string;
}

/** Call-to-action band linking to /contact, with the first phone number for people who prefer to call. */
export function ContactBanner({ headingId, title, text, linkLabel }: ContactBannerProps) {
  const phone = useSiteDetails().phones[0];
  return (
    <Section headingId={headingId} className="contact-banner-wrap">
      <div className="contact-banner">
        <div className="contact-banner__text">
          <h2 id={headingId}>{title}</h2>
          <p>{text}</p>
        </div>
        <div className="contact-banner__actions">
          <Link to="/contact" className="btn btn--accent">
            {linkLabel}
            <Icon name="arrowRight" size={18} />
          </Link>
          <PhoneLink phone={phone} className="contact-banner__phone" iconSize={18} />
        </div>
      </div>
    </Section>
  );
}
