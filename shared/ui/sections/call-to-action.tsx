import { Link } from '../link';
import type { Img } from '../../content/types';
import { PhoneLink } from '../phone-link';
import { Section } from '../section';
import './clinic-sections.css';
import { useSiteDetails } from '../../platform/site-details';

export interface CallToActionContent {
  eyebrow: string;
  title: string;
  text: string;
  img: Img;
  cta: { label: string; to: string };
}

/** A band inviting the visitor to book, with the clinic's phone number. */
export function CallToAction({ content, headingId = 'cta-heading' }: { content: CallToActionContent; headingId?: string }) {
  const [phone] = useSiteDetails().phones;
  return (
    <Section headingId={headingId} className="cta-band">
      <div className="cta-band__inner">
        <div className="cta-band__text">
          <p className="eyebrow">{content.eyebrow}</p>
          <h2 id={headingId}>{content.title}</h2>
          <p>{content.text}</p>
          <div className="cta-band__actions">
            <Link to={content.cta.to} className="btn btn--accent">
              {content.cta.label}
            </Link>
            <PhoneLink phone={phone} className="btn btn--ghost cta-band__phone" iconSize={18} />
          </div>
        </div>
        <img src={content.img.src} width={content.img.width} height={content.img.height} alt={content.img.alt} loading="lazy" decoding="async" className="cta-band__img" />
      </div>
    </Section>
  );
}
