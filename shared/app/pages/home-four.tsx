import { useLoaderData } from 'react-router';
import { homeFourFacts } from '../../content/counters';
import { useSiteFacts } from '../../clinic/facts-context';
import { sliderDepartments } from '../../content/departments';
import { factsIntros, homeFourAbout, homeFourSlides, homeGallery, howItWorks, newsIntro } from '../../content/home-variants';
import { sponsors, sponsorsIntro } from '../../content/sponsors';
import { AboutIntro } from '../../ui/sections/about-intro';
import { AppointmentWidget } from '../../requests/appointment-forms';
import { DepartmentsSlider } from '../../clinic/departments-slider';
import { Facts } from '../../ui/sections/facts';
import { HeroSlider } from '../../ui/sections/hero-slider';
import { HowItWorks } from '../../ui/sections/how-it-works';
import { News, type NewsData } from '../../blog/news';
import { PhotoGallery } from '../../gallery/photo-gallery';
import { Sponsors } from '../../ui/sections/sponsors';
import { TeamCarousel } from '../../clinic/team-carousel';
import { teamOf } from '../../clinic/team';
import { useClinicFacts } from '../../clinic/facts-context';
import { DeferHydration } from '../../ui/defer-hydration';

/** Home four (spec section 2); the root layout adds the language list to the top bar (route handle). */
export default function HomeFourPage() {
  const { news } = useLoaderData() as NewsData;
  const team = teamOf(useClinicFacts());
  const site = useSiteFacts();
  return (
    <>
      <HeroSlider slides={homeFourSlides} label="Welcome" />
      <DeferHydration>
        <AboutIntro content={homeFourAbout} media={{ kind: 'image', img: homeFourAbout.img }} />
      </DeferHydration>
      <DeferHydration>
        <DepartmentsSlider items={sliderDepartments} className="section--tint" />
      </DeferHydration>
      <DeferHydration>
        <TeamCarousel team={team} />
      </DeferHydration>
      <DeferHydration>
        <AppointmentWidget />
      </DeferHydration>
      <DeferHydration>
        <HowItWorks steps={howItWorks} />
      </DeferHydration>
      <DeferHydration>
        <PhotoGallery items={homeGallery} />
      </DeferHydration>
      <DeferHydration>
        <Facts items={homeFourFacts({ team: team.length, services: site.services.length, planned: site.planned.length })} {...factsIntros.homeFour} />
      </DeferHydration>
      <DeferHydration>
        <News posts={news} {...newsIntro} />
      </DeferHydration>
      <DeferHydration>
        <Sponsors items={sponsors} {...sponsorsIntro} />
      </DeferHydration>
    </>
  );
}
