import { doctorCounters, principalProfile } from '../../content/doctor-pages';
import { PageHeader } from '../../ui/page-header';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { StatsBand } from '../../ui/sections/stats-band';
import { DoctorProfile } from '../doctor-profile';
import { useClinicFacts } from '../facts-context';
import { teamOf } from '../team';

/** Professional profile of the principal chiropractor (spec section 2), with the doctor pages' counters. */
export default function DoctorDetailsPage() {
  const team = teamOf(useClinicFacts());
  const doctor = team.find((p) => p.id === principalProfile.practitionerId) ?? team[0]!;
  return (
    <>
      <PageHeader title={doctor.name} intro={`${doctor.title}, principal chiropractor`} crumbs={[{ label: 'Home', to: '/' }, { label: 'Doctors', to: '/doctors' }, { label: doctor.name }]} />
      <DoctorProfile doctor={doctor} profile={principalProfile} />
      <StatsBand headingId="profile-stats-heading" title="Our clinic in numbers" items={doctorCounters} variant="dark" />
      <ContactBanner
        headingId="profile-contact-heading"
        title={`Book a visit with ${doctor.name}`}
        text="Tell us when suits you and what you would like help with; the front desk will confirm a time."
        linkLabel="Request an appointment"
      />
    </>
  );
}
