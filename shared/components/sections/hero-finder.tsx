import { Form } from 'react-router';
import { homeHero, locationOptions, serviceOptions } from '../../content/home';
import { SelectField } from '../demo-form';

/**
 * Home one hero. The two selects travel with the 'Make Appointment' button to /contact
 * (a plain GET form), where the message form picks them up.
 */
export function HeroFinder() {
  const { img } = homeHero;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="eyebrow">{homeHero.eyebrow}</p>
          <h1 id="hero-heading">{homeHero.title}</h1>
          <p className="hero__lead">{homeHero.text}</p>
          <Form method="get" action="/contact" className="finder" aria-label="Find an appointment">
            <SelectField label="Location" name="location" options={locationOptions} defaultValue="abuja" className="finder__field" />
            <SelectField label="Service" name="service" options={serviceOptions} placeholder="Any service" className="finder__field" />
            <button type="submit" className="btn btn--accent finder__submit">
              Make Appointment
            </button>
          </Form>
        </div>
        <div className="hero__art">
          <img src={img.src} width={img.width} height={img.height} alt={img.alt} fetchPriority="high" decoding="async" />
        </div>
      </div>
    </section>
  );
}
