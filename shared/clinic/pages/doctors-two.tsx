import { doctorCounters, doctorsPageCopy as copy, principalProfile } from '../../content/doctor-pages';
import { PageHeader } from '../../ui/page-header';
import { Section } from '../../ui/section';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { StatsBand } from '../../ui/sections/stats-band';
import { DoctorGrid } from '../doctor-grid';
import { FeaturedDoctor } from '../featured-doctor';
import { useClinicFacts } from '../facts-context';
import { teamOf } from '../team';

/** Doctors two: counters first, the principal chiropractor featured, the rest of the team as compact cards, then a call to action. */
export default function DoctorsTwoPage() {
  const team = teamOf(useClinicFacts(), { bios: true });
  const principal = team.find((p) => p.id === principalProfile.practitionerId) ?? team[0]!;
  const others = team.filter((p) => p !== principal);
  return (
    <>
      <PageHeader title="Meet the Care Team" crumbs={[{ label: 'Home', to: '/' }, { label: 'Doctors', to: '/doctors' }, { label: 'Care team' }]} />
      <StatsBand headingId="team-stats-heading" title={copy.countersTitle} items={doctorCounters} variant="light" hideTitle />
      <FeaturedDoctor doctor={principal} eyebrow={copy.featuredEyebrow} title={copy.featuredTitle} focus={principalProfile.focus} priority />
      <Section headingId="team-grid-heading" className="section--sand" eyebrow={copy.gridEyebrow} title={copy.teamTitle} intro={copy.teamIntro}>
        <DoctorGrid items={others} variant="compact" />
      </Section>
      <ContactBanner headingId="team-contact-heading" title={copy.ctaTitle} text={copy.ctaText} linkLabel={copy.ctaLabel} />
    </>
  );
}
