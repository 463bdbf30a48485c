import { useLoaderData } from 'react-router';
import { faqIntro } from '../../content/faq';
import { useClinicFacts } from '../../clinic/facts-context';
import { homeTwoHero, membership, newsIntro } from '../../content/home-variants';
import { sponsors, sponsorsIntro } from '../../content/sponsors';
import { Faq } from '../../ui/sections/faq';
import { IntroHero } from '../../ui/sections/intro-hero';
import { Membership } from '../../ui/sections/membership';
import { News, type NewsData } from '../../blog/news';
import { Pricing } from '../../ui/sections/pricing';
import { Sponsors } from '../../ui/sections/sponsors';
import { DeferHydration } from '../../ui/defer-hydration';

/** Home two, the alternative template home: pricing tabs, FAQ, membership, sponsors, news (spec section 2). */
export default function HomeTwoPage() {
  const { news } = useLoaderData() as NewsData;
  const { faqs } = useClinicFacts();
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
        <News posts={news} {...newsIntro} className="section--sand" />
      </DeferHydration>
    </>
  );
}
