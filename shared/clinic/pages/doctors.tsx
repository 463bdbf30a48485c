import { doctorCounters, doctorsPageCopy as copy } from '../../content/doctor-pages';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { StatsBand } from '../../ui/sections/stats-band';
import { DoctorGrid } from '../doctor-grid';
import { useClinicFacts } from '../facts-context';
import { teamOf } from '../team';

/** Doctors (spec section 2): the whole team with short bios, then the counters and a call to action. */
export default function DoctorsPage() {
  const team = teamOf(useClinicFacts(), { bios: true });
  return (
    <>
      <PageHeader title="Our Doctors" crumbs={[{ label: 'Home', to: '/' }, { label: 'Doctors' }]} />
      <Section headingId="doctors-heading" eyebrow={copy.gridEyebrow} title={copy.gridTitle} intro={copy.gridIntro}>
        <DoctorGrid items={team} variant="bio" />
      </Section>
      <StatsBand headingId="doctors-stats-heading" title={copy.countersTitle} items={doctorCounters} variant="dark" />
      <ContactBanner headingId="doctors-contact-heading" title={copy.ctaTitle} text={copy.ctaText} linkLabel={copy.ctaLabel} />
    </>
  );
}
