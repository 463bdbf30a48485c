import { Carousel, type CarouselLayout } from '../ui/carousel';
import { Section } from '../ui/section';
import { DoctorCard } from './doctor-card';
import type { TeamMember } from './team';

/** Doctors carousel: 6 per view, 4 under 1200 px, 2 under 600 px (spec section 9). */
export const DOCTORS_LAYOUT: CarouselLayout = { base: 2, from: { 600: 4, 1200: 6 } };

export function TeamCarousel({ team, title = 'Meet the people who will look after you', eyebrow = 'Our team' }: { team: readonly TeamMember[]; title?: string; eyebrow?: string }) {
  return (
    <Section
      headingId="team-heading"
      className="section--tint"
      eyebrow={eyebrow}
      title={title}
      intro="Chiropractors, rehabilitation therapists and a friendly front desk, working as one team around your care."
    >
      <Carousel items={team} getKey={(d) => d.id} layout={DOCTORS_LAYOUT} label="Our team" gap={20} renderItem={(d) => <DoctorCard doctor={d} />} className="team-carousel" />
    </Section>
  );
}
