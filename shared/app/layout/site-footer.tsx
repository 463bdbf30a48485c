import { Link } from '../../ui/link';
import { describeHours, fullAddressOf } from '../../clinic/site-facts';
import { useSiteFacts } from '../../clinic/facts-context';
import { site } from '../../content/site';
import { Icon } from '../../ui/icons';
import { PhoneLink } from '../../ui/phone-link';
import { Logo } from './logo';
import { exploreNav } from './nav-items';
import { SocialLinks } from './social-links';
import { mailtoHref } from '../../platform/email-address';
import { useSiteDetails } from '../../platform/site-details';

export function SiteFooter() {
  const details = useSiteDetails();
  const { services, location, hours: openingHours } = useSiteFacts();
  const hours = describeHours(openingHours);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-about">
          <Logo inverted />
          <h2 id="footer-about" className="visually-hidden">
            About the clinic
          </h2>
          <p>
            Preventive, wellness-focused chiropractic care in Abuja since {site.foundedYear}. We listen first, explain clearly and treat gently.
          </p>
          <SocialLinks className="social-links social-links--inverted" />
        </section>
        <nav className="site-footer__col" aria-labelledby="footer-services">
          <h2 id="footer-services">Our services</h2>
          <ul>
            {services.map((s) => (
              <li key={s.id}>
                <Link to={`/service-detail/${s.id}`}>{s.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-explore">
          <h2 id="footer-explore">Explore</h2>
          <ul>
            {exploreNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact us</h2>
          <ul className="site-footer__contact">
            <li>
              <Icon name="mail" size={18} />
              <a href={mailtoHref(details.email)}>{details.email}</a>
            </li>
            {details.phones.map((p) => (
              <li key={p.e164}>
                <Icon name="phone" size={18} />
                <PhoneLink phone={p} />
              </li>
            ))}
            <li>
              <Icon name="pin" size={18} />
              <address>{fullAddressOf(location)}</address>
            </li>
            <li>
              <Icon name="clock" size={18} />
              <span>
                {hours.days} {hours.time}, {hours.closed}
              </span>
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p className="site-footer__emergency">
            <strong>{details.emergencyNotice}</strong> This website and its forms are not watched around the clock.
          </p>
          <p>
            © {site.copyrightYear} {site.name}. All rights reserved. <Link to="/privacy">Privacy notice</Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
