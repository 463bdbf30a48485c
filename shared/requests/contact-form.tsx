import { useSearchParams } from 'react-router';
import { contactCopy } from '../content/contact';
import { locationOptionsOf, type SiteFacts } from '../clinic/site-facts';
import { useSiteFacts } from '../clinic/facts-context';
import { EnquiryForm } from './enquiry-form';
import { TextAreaField, TextField } from '../ui/fields';
import '../ui/sections/contact-sections.css';

/**
 * Subject line for a visitor who came from the home hero's 'Make Appointment'
 * (`/contact?location=<slug>&service=<id>`). Both values come from the URL, so only
 * known services and locations are used; anything else is ignored.
 */
export function appointmentSubject(site: SiteFacts, location: string | null, serviceId: string | null): string | undefined {
  const service = site.services.find((s) => s.id === serviceId);
  const place = locationOptionsOf(site).find((o) => o.value === location);
  if (!service && !place) return undefined;
  const what = service ? `Appointment request: ${service.name}` : 'Appointment request';
  if (!place) return what;
  // "Abuja (Wuse II)" reads as "Abuja"; planned cities keep their "opening soon".
  const city = place.label.replace(/\s*\((.*)\)$/, (_all, note: string) => (note === 'opening soon' ? ', opening soon' : ''));
  return `${what} (${city})`;
}

/**
 * 'Write To Us' (spec: name, email, phone, subject, message). A visitor who came from the
 * home hero's 'Make Appointment' finds the subject filled in from the chosen location and
 * service; the query string is only ever mapped to known values.
 */
export function ContactForm() {
  const [params] = useSearchParams();
  const subject = appointmentSubject(useSiteFacts(), params.get('location'), params.get('service'));
  return (
    // A new query string (another hero choice) gives fresh default values.
    <EnquiryForm key={subject ?? ''} kind="contact" spec={() => import('./schemas').then((m) => m.contactForm)} submitLabel={contactCopy.submitLabel} label="Write To Us" className="contact-form" emergencyNote>
      <div className="form-grid form-grid--2">
        <TextField label="Your name" name="name" autoComplete="name" required maxLength={120} />
        <TextField label="Email address" name="email" type="email" autoComplete="email" inputMode="email" required />
        <TextField label="Phone number (optional)" name="phone" type="tel" autoComplete="tel" inputMode="tel" />
        <TextField label="Subject" name="subject" defaultValue={subject} maxLength={200} />
        <TextAreaField label="Message" name="message" className="field--full" rows={6} required maxLength={5000} />
      </div>
    </EnquiryForm>
  );
}
