import { useSearchParams } from 'react-router';
import { Section } from '../ui/section';
import { ChoiceForm } from './steps';

/**
 * "Book online" beside the appointment page's request form: the booking's first step, whose
 * GET goes to /book with the choices (a service chosen elsewhere comes along in `?service=`).
 */
export function BookOnline({ headingId = 'book-online-heading' }: { headingId?: string }) {
  const [params] = useSearchParams();
  return (
    <Section
      headingId={headingId}
      className="booking booking--teaser"
      containerClassName="booking__inner"
      eyebrow="Book online"
      title="Choose a day and a free time now"
      intro="Pick the service, then a day and a time that is free: your visit is booked at once. Prefer us to call you? Use the form below."
      align="start"
    >
      <ChoiceForm values={{ service: params.get('service') ?? '', practitioner: params.get('practitioner') ?? undefined }} headingId={headingId} />
    </Section>
  );
}
