import { doctorCounters, doctorsPageCopy as copy, principalProfile } from '../content/doctor-pages';
import { doctors, principalDoctor } from '../content/doctors';
import { PageHeader } from '../ui/page-header';
import { SectionHeading } from '../ui/section-heading';
import { ContactBanner } from '../sections/contact-banner';
import { DoctorGrid } from '../sections/doctor-grid';
import { FeaturedDoctor } from '../sections/featured-doctor';
import { StatsBand } from '../sections/stats-band';

/** Doctors two: counters first, the principal chiropractor featured, the rest of the team as compact cards, then a call to action. */
export default function DoctorsTwoPage() {
  return (
    <>
      <PageHeader title="Meet the Care Team" crumbs={[{ label: 'Home', to: '/' }, { label: 'Doctors', to: '/doctors' }, { label: 'Care team' }]} />
      <StatsBand headingId="team-stats-heading" title={copy.countersTitle} items={doctorCounters} variant="light" hideTitle />
      <FeaturedDoctor doctor={principalDoctor} eyebrow={copy.featuredEyebrow} title={copy.featuredTitle} focus={principalProfile.focus} />
      <section className="section section--sand" aria-labelledby="team-grid-heading">
        <div className="container">
          <SectionHeading eyebrow={copy.gridEyebrow} title={copy.teamTitle} intro={copy.teamIntro} id="team-grid-heading" />
          <DoctorGrid items={doctors.filter((d) => d.number !== principalDoctor.number)} variant="compact" />
        </div>
      </section>
      <ContactBanner headingId="team-contact-heading" title={copy.ctaTitle} text={copy.ctaText} linkLabel={copy.ctaLabel} />
    </>
  );
}
