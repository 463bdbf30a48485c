import { doctorCounters, principalProfile } from '../../content/doctor-pages';
import { PageHeader } from '../../ui/page-header';
import { ContactBanner } from '../../ui/sections/contact-banner';
import { DoctorProfile } from '../doctor-profile';
import { StatsBand } from '../../ui/sections/stats-band';

/** Professional profile of the principal chiropractor (spec section 2), with the doctor pages' counters. */
export default function DoctorDetailsPage() {
  const { doctor } = principalProfile;
  return (
    <>
      <PageHeader title={doctor.name} intro={`${doctor.title}, principal chiropractor`} crumbs={[{ label: 'Home', to: '/' }, { label: 'Doctors', to: '/doctors' }, { label: doctor.name }]} />
      <DoctorProfile profile={principalProfile} />
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
