import { Form } from 'react-router';
import { homeHero } from '../../content/home';
import type { Option } from '../../content/types';
import { SelectField } from '../fields';
import { PageHero } from './page-hero';

/**
 * Home one hero. The two selects (spec: location and service; planned cities are shown but
 * marked as not yet open) travel with the 'Make Appointment' button to /appoinment (a plain
 * GET form), where the appointment form starts with them chosen.
 */
export function HeroFinder({ locations, services }: { locations: readonly Option[]; services: readonly Option[] }) {
  return (
    <PageHero eyebrow={homeHero.eyebrow} title={homeHero.title} text={homeHero.text} img={homeHero.img} headingId="hero-heading">
      <Form method="get" action="/appoinment" className="finder" aria-label="Find an appointment">
        <SelectField label="Location" name="location" options={locations} defaultValue={locations[0]?.value} className="finder__field" />
        <SelectField label="Service" name="service" options={services} placeholder="Any service" className="finder__field" />
        <button type="submit" className="btn btn--accent finder__submit">
          Make Appointment
        </button>
      </Form>
    </PageHero>
  );
}
