import { homeServices } from '../../content/home';
import { CardGrid } from '../../ui/sections/card-grid';
import { HeroFinder } from '../../ui/sections/hero-finder';
import { Newsletter } from '../../requests/newsletter';
import { TeamCarousel } from '../../clinic/team-carousel';
import { teamOf } from '../../clinic/team';
import { useClinicFacts } from '../../clinic/facts-context';
import { locationOptionsOf } from '../../clinic/site-facts';
import { useSiteFacts } from '../../clinic/facts-context';
import { Testimonials, TESTIMONIALS_LAYOUT_HOME } from '../../ui/sections/testimonials';
import { Section } from '../../ui/section';
import { DeferHydration } from '../../ui/defer-hydration';

/** Home one (spec section 2). */
export default function HomePage() {
  const team = teamOf(useClinicFacts());
  const site = useSiteFacts();
  return (
    <>
      <HeroFinder locations={locationOptionsOf(site)} services={site.services.map((s) => ({ value: s.id, label: s.name }))} />
      <DeferHydration>
        <Section
          headingId="home-services-heading"
          eyebrow="What we do"
          title="Care for every stage of life"
          intro="From a first back-pain visit to long-term wellness, we build a plan around you and explain it in plain language."
        >
          <CardGrid items={homeServices.map((s) => ({ ...s, linkLabel: 'Learn more' }))} columns={4} />
        </Section>
      </DeferHydration>
      <DeferHydration>
        <TeamCarousel team={team} />
      </DeferHydration>
      <DeferHydration>
        <Testimonials layout={TESTIMONIALS_LAYOUT_HOME} />
      </DeferHydration>
      <DeferHydration>
        <Newsletter />
      </DeferHydration>
    </>
  );
}
