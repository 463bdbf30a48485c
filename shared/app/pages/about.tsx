import { aboutIntro, analysisTabs, approach, callToAction, teamIntro, videos } from '../../content/about';
import { aboutCounters } from '../../content/counters';
import { factsIntros } from '../../content/home-variants';
import { PageHeader } from '../../ui/page-header';
import { AboutIntro } from '../../ui/sections/about-intro';
import { AnalysisTabs } from '../../ui/sections/analysis-tabs';
import { Approach } from '../../ui/sections/approach';
import { CallToAction } from '../../ui/sections/call-to-action';
import { Facts } from '../../ui/sections/facts';
import { TeamCarousel } from '../../clinic/team-carousel';
import { teamOf } from '../../clinic/team';
import { useClinicFacts } from '../../clinic/facts-context';
import { Testimonials, TESTIMONIALS_LAYOUT_HOME } from '../../ui/sections/testimonials';

/** About Us (spec section 2). */
export default function AboutPage() {
  const team = teamOf(useClinicFacts());
  return (
    <>
      <PageHeader title="About Us" crumbs={[{ label: 'Home', to: '/' }, { label: 'About' }]} />
      <AboutIntro content={aboutIntro} media={{ kind: 'video', video: videos.about }} priority />
      <Facts items={aboutCounters} {...factsIntros.about} variant="light" />
      <Approach content={approach} />
      <TeamCarousel team={team} {...teamIntro} />
      <CallToAction content={callToAction} />
      <Testimonials layout={TESTIMONIALS_LAYOUT_HOME} />
      <AnalysisTabs items={analysisTabs} />
    </>
  );
}
