import { aboutIntro } from '../content/about';
import { homeThreeCounters } from '../content/counters';
import { sliderDepartments } from '../content/departments';
import { faqIntro, faqs } from '../content/faq';
import { factsIntros, homeThreeSlides, newsIntro } from '../content/home-variants';
import { aboutImages } from '../content/images';
import { posts } from '../content/posts';
import { AboutIntro } from '../sections/about-intro';
import { DepartmentsSlider } from '../sections/departments-slider';
import { Facts } from '../sections/facts';
import { Faq } from '../sections/faq';
import { HeroSlider } from '../sections/hero-slider';
import { latestPosts, News } from '../sections/news';
import { Testimonials, TESTIMONIALS_LAYOUT_WIDE } from '../sections/testimonials';
import { DeferHydration } from '../ui/defer-hydration';

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
