import { Link } from '../../ui/link';
import { departments, employerSections, servicesTwoIntro } from '../../content/services-two';
import { Icon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';
import { DepartmentGrid } from '../../clinic/department-grid';
import { MediaSplit } from '../../ui/sections/media-split';
import { QuoteCalculator } from '../../requests/quote-calculator';

/** Services two (spec section 2): intro, departments grid, quote calculator and employer sections. */
export default function ServicesTwoPage() {
  return (
    <>
      <PageHeader title="Departments & Care Plans" crumbs={[{ label: 'Home', to: '/' }, { label: 'Services', to: '/services' }, { label: 'Departments' }]} />
      <MediaSplit headingId="services-two-intro-heading" eyebrow={servicesTwoIntro.eyebrow} title={servicesTwoIntro.title} img={servicesTwoIntro.img} reverse priority>
        {servicesTwoIntro.paragraphs.map((p) => (
          <p key={p.slice(0, 32)}>{p}</p>
        ))}
        <Link to="/services" className="btn btn--outline">
          See all our services
        </Link>
      </MediaSplit>
      <Section
        headingId="departments-heading"
        className="section--tint"
        eyebrow="Departments"
        title="Where our team can help"
        intro="Some departments offer supportive care alongside your own doctors and specialists; we are always clear about which is which."
      >
        <DepartmentGrid items={departments} />
      </Section>
      <QuoteCalculator />
      {employerSections.map((e, i) => (
        <MediaSplit key={e.id} headingId={`employer-${e.id}-heading`} eyebrow={e.eyebrow} title={e.title} img={e.img} reverse={i % 2 === 1} tone={i % 2 === 1 ? 'sand' : 'plain'}>
          <p>{e.text}</p>
          <ul className="check-list">
            {e.points.map((p) => (
              <li key={p}>
                <Icon name="check" size={18} />
                {p}
              </li>
            ))}
          </ul>
          <Link to="/contact" className="btn btn--primary">
            {e.linkLabel}
            <Icon name="arrowRight" size={18} />
          </Link>
        </MediaSplit>
      ))}
    </>
  );
}
