import { Form } from 'react-router';
import { homeHero, locationOptions, serviceOptions } from '../../content/home';
import { SelectField } from '../fields';
import { PageHero } from './page-hero';

/**
 * Home one hero. The two selects travel with the 'Make Appointment' button to /appoinment
 * (a plain GET form), where the appointment form starts with them chosen.
 */
export function HeroFinder() {
  return (
    <PageHero eyebrow={homeHero.eyebrow} title={homeHero.title} text={homeHero.text} img={homeHero.img} headingId="hero-heading">
      <Form method="get" action="/appoinment" className="finder" aria-label="Find an appointment">
        <SelectField label="Location" name="location" options={locationOptions} defaultValue="abuja" className="finder__field" />
        <SelectField label="Service" name="service" options={serviceOptions} placeholder="Any service" className="finder__field" />
        <button type="submit" className="btn btn--accent finder__submit">
          Make Appointment
        </button>
      </Form>
    </PageHero>
  );
}
