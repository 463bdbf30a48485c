import { useSearchParams } from 'react-router';
import { Link } from '../ui/link';
import { appointmentWidget, bookAppointment, departmentOptions } from '../content/appointment';
import { describeHours, locationOptionsOf } from '../clinic/site-facts';
import { useSiteFacts } from '../clinic/facts-context';
import { useClinicFacts } from '../clinic/facts-context';
import { EnquiryForm } from './enquiry-form';
import { SelectField, TextAreaField, TextField } from '../ui/fields';
import { Icon } from '../ui/icons';
import { SectionHeading } from '../ui/section-heading';
import { Section } from '../ui/section';
import { PhoneLink } from '../ui/phone-link';
import '../ui/sections/clinic-sections.css';
import { useSiteDetails } from '../platform/site-details';

/** The site's services as the forms' choices. */
export function useServiceOptions() {
  return useSiteFacts().services.map((s) => ({ value: s.id, label: s.name }));
}

/** The 'Book Appointment' form of the appointment page (spec section 3). */
export function BookAppointmentForm() {
  // The practitioners patients can ask for: clinicians, not the administrators.
  const practitioners = useClinicFacts().practitioners.filter((p) => p.bookable);
  const site = useSiteFacts();
  const appointmentServiceOptions = useServiceOptions();
  const locationOptions = locationOptionsOf(site);
  const doctorOptions = practitioners.map((p) => ({ value: p.id, label: `${p.name} (${p.title})` }));
  // Home one's finder sends its location and service here; only known values are kept.
  const [params] = useSearchParams();
  const pick = (key: string, options: readonly { value: string }[]) => {
    const value = params.get(key);
    return options.some((o) => o.value === value) ? (value ?? undefined) : undefined;
  };
  const service = pick('service', appointmentServiceOptions);
  const location = pick('location', locationOptions);
  return (
    <EnquiryForm key={`${service}-${location}`} kind="appointment" spec={() => import('./schemas').then((m) => m.appointmentForm)} context={{ practitioners }} submitLabel="Book Appointment" label="Book an appointment" className="appointment-form" emergencyNote>
      <div className="form-grid form-grid--2">
        <SelectField label="Service" name="service" options={appointmentServiceOptions} placeholder="Not sure yet" defaultValue={service} />
        <SelectField label="Location" name="location" options={locationOptions} defaultValue={location ?? site.location.id} />
        <SelectField label="Department" name="department" options={departmentOptions} placeholder="Choose a department" />
        <SelectField label="Doctor" name="doctor" options={doctorOptions} placeholder="Any doctor" />
        <TextField label="Your name" name="name" autoComplete="name" required maxLength={120} />
        <TextField label="Phone number" name="phone" type="tel" autoComplete="tel" inputMode="tel" required hint="For example 0803 123 4567." />
        <TextField label="Preferred date" name="date" type="date" required hint="Sunday to Friday." />
        <TextField label="Preferred time" name="time" type="time" required min="08:00" max="21:30" hint="Between 08:00 and 21:30." />
        <TextAreaField label="Special request" name="request" className="field--full" rows={4} maxLength={1000} hint="For example access needs or a preferred language. Please keep medical details for your visit." />
      </div>
    </EnquiryForm>
  );
}

/** Appointment page section: the form in a card beside the clinic's hours and phone numbers. */
export function BookAppointment({ headingId = 'book-heading' }: { headingId?: string }) {
  const details = useSiteDetails();
  const hours = describeHours(useSiteFacts().hours);
  return (
    <Section headingId={headingId} className="section--tint book-appointment" containerClassName="book-appointment__inner">
      <div className="book-appointment__card">
        <SectionHeading eyebrow={bookAppointment.eyebrow} title={bookAppointment.title} intro={bookAppointment.intro} id={headingId} align="start" />
        <BookAppointmentForm />
      </div>
      <aside className="book-appointment__aside" aria-label="Opening hours and phone numbers">
        <h3>Opening hours</h3>
        <p>
          <Icon name="clock" size={18} /> {hours.days}, {hours.time}
          <br />
          {hours.closed}
        </p>
        <h3>Prefer to call?</h3>
        <ul className="book-appointment__phones">
          {details.phones.map((p) => (
            <li key={p.e164}>
              <PhoneLink phone={p} iconSize={18} />
            </li>
          ))}
        </ul>
      </aside>
    </Section>
  );
}

/**
 * Home four appointment widget (spec: name, email, phone, service). The spec's button leads
 * to /contact: the link sits under the form, which itself answers honestly until forms deliver.
 */
export function AppointmentWidget({ headingId = 'widget-heading' }: { headingId?: string }) {
  const appointmentServiceOptions = useServiceOptions();
  return (
    <Section headingId={headingId} className="appointment-widget" containerClassName="appointment-widget__inner">
      <div className="appointment-widget__text">
        <p className="eyebrow">{appointmentWidget.eyebrow}</p>
        <h2 id={headingId}>{appointmentWidget.title}</h2>
        <p>{appointmentWidget.text}</p>
        <Link to={appointmentWidget.contactLink.to} className="btn btn--outline appointment-widget__contact">
          {appointmentWidget.contactLink.label} <Icon name="arrowRight" size={16} />
        </Link>
      </div>
      <EnquiryForm kind="appointment" spec={() => import('./schemas').then((m) => m.appointmentWidgetForm)} submitLabel="Make Appointment" label="Request an appointment" className="appointment-widget__form" emergencyNote>
        <div className="form-grid form-grid--2">
          <TextField label="Your name" name="name" autoComplete="name" required maxLength={120} />
          <TextField label="Email (optional)" name="email" type="email" autoComplete="email" inputMode="email" />
          <TextField label="Phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" required />
          <SelectField label="Service" name="service" options={appointmentServiceOptions} placeholder="Choose a service" />
        </div>
      </EnquiryForm>
    </Section>
  );
}
