import { aboutIntro } from '../../content/about';
import { homeThreeCounters } from '../../content/counters';
import { sliderDepartments } from '../../content/departments';
import { faqIntro, faqs } from '../../content/faq';
import { factsIntros, homeThreeSlides, newsIntro } from '../../content/home-variants';
import { aboutImages } from '../../content/images';
import { posts } from '../../content/posts';
import { AboutIntro } from '../../ui/sections/about-intro';
import { DepartmentsSlider } from '../../clinic/departments-slider';
import { Facts } from '../../ui/sections/facts';
import { Faq } from '../../ui/sections/faq';
import { HeroSlider } from '../../ui/sections/hero-slider';
import { latestPosts, News } from '../../blog/news';
import { Testimonials, TESTIMONIALS_LAYOUT_WIDE } from '../../ui/sections/testimonials';
import { DeferHydration } from '../../ui/defer-hydration';

/** Home three: the same sections composed again, with the counters and the wide testimonials carousel. */
export default function HomeThreePage() {
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
        <News posts={latestPosts(posts)} {...newsIntro} />
      </DeferHydration>
    </>
  );
}
