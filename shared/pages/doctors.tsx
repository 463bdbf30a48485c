import { doctorCounters, doctorsPageCopy as copy } from '../content/doctor-pages';
import { doctors } from '../content/doctors';
import { PageHeader } from '../ui/page-header';
import { SectionHeading } from '../ui/section-heading';
import { ContactBanner } from '../sections/contact-banner';
import { DoctorGrid } from '../sections/doctor-grid';
import { StatsBand } from '../sections/stats-band';

/** Doctors (spec section 2): the whole team with short bios, then the counters and a call to action. */
export default function DoctorsPage() {
  return (
    <>
      <PageHeader title="Our Doctors" crumbs={[{ label: 'Home', to: '/' }, { label: 'Doctors' }]} />
      <section className="section" aria-labelledby="doctors-heading">
        <div className="container">
          <SectionHeading eyebrow={copy.gridEyebrow} title={copy.gridTitle} intro={copy.gridIntro} id="doctors-heading" />
          <DoctorGrid items={doctors} variant="bio" />
        </div>
      </section>
      <StatsBand headingId="doctors-stats-heading" title={copy.countersTitle} items={doctorCounters} variant="dark" />
      <ContactBanner headingId="doctors-contact-heading" title={copy.ctaTitle} text={copy.ctaText} linkLabel={copy.ctaLabel} />
    </>
  );
}
