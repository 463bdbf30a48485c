import { useLoaderData } from 'react-router';
import { aboutIntro } from '../../content/about';
import { homeThreeCounters } from '../../content/counters';
import { sliderDepartments } from '../../content/departments';
import { faqIntro } from '../../content/faq';
import { useClinicFacts } from '../../clinic/facts-context';
import { factsIntros, homeThreeSlides, newsIntro } from '../../content/home-variants';
import { aboutImages } from '../../content/images';
import { AboutIntro } from '../../ui/sections/about-intro';
import { DepartmentsSlider } from '../../clinic/departments-slider';
import { Facts } from '../../ui/sections/facts';
import { Faq } from '../../ui/sections/faq';
import { HeroSlider } from '../../ui/sections/hero-slider';
import { News, type NewsData } from '../../blog/news';
import { Testimonials, TESTIMONIALS_LAYOUT_WIDE } from '../../ui/sections/testimonials';
import { DeferHydration } from '../../ui/defer-hydration';

/** Home three: the same sections composed again, with the counters and the wide testimonials carousel. */
export default function HomeThreePage() {
  const { news } = useLoaderData() as NewsData;
  const { faqs } = useClinicFacts();
  return (
    <>
      <HeroSlider slides={homeThreeSlides} label="Welcome" />
      <DeferHydration>
        <AboutIntro content={aboutIntro} media={{ kind: 'image', img: aboutImages.clinicTeam }} />
      </DeferHydration>
      <DeferHydration>
        <Facts items={homeThreeCounters} {...factsIntros.homeThree} />
      </DeferHydration>
      <DeferHydration>
        <DepartmentsSlider items={sliderDepartments} />
      </DeferHydration>
      <DeferHydration>
        <Testimonials layout={TESTIMONIALS_LAYOUT_WIDE} />
      </DeferHydration>
      <DeferHydration>
        <Faq items={faqs} {...faqIntro} className="section--tint" />
      </DeferHydration>
      <DeferHydration>
        <News posts={news} {...newsIntro} />
      </DeferHydration>
    </>
  );
}
