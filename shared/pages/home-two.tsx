import { faqIntro, faqs } from '../content/faq';
import { homeTwoHero, membership, newsIntro } from '../content/home-variants';
import { posts } from '../content/posts';
import { sponsors, sponsorsIntro } from '../content/sponsors';
import { Faq } from '../sections/faq';
import { IntroHero } from '../sections/intro-hero';
import { Membership } from '../sections/membership';
import { latestPosts, News } from '../sections/news';
import { Pricing } from '../sections/pricing';
import { Sponsors } from '../sections/sponsors';
import { DeferHydration } from '../ui/defer-hydration';

/** Home two, the alternative template home: pricing tabs, FAQ, membership, sponsors, news (spec section 2). */
export default function HomeTwoPage() {
  return (
    <>
      <IntroHero content={homeTwoHero} />
      <DeferHydration>
        <Pricing />
      </DeferHydration>
      <DeferHydration>
        <Membership content={membership} />
      </DeferHydration>
      <DeferHydration>
        <Faq items={faqs} {...faqIntro} />
      </DeferHydration>
      <DeferHydration>
        <Sponsors items={sponsors} {...sponsorsIntro} />
      </DeferHydration>
      <DeferHydration>
        <News posts={latestPosts(posts)} {...newsIntro} className="section--sand" />
      </DeferHydration>
    </>
  );
}
