import type { Img } from './types';

export interface Service {
  /** The route id, "1" to "5" (spec section 3). */
  id: '1' | '2' | '3' | '4' | '5';
  slug: string;
  title: string;
  /** One or two sentences for cards and lists. */
  summary: string;
  /** Paragraphs for the detail page. */
  body: readonly string[];
  /** What a visit involves, for the detail page. */
  points: readonly string[];
  img: Img;
}

const img = (slug: string, alt: string): Img => ({ src: `/images/services/${slug}.svg`, width: 480, height: 360, alt });

export const services: readonly Service[] = [
  {
    id: '1',
    slug: 'chiropractic-therapy',
    title: 'Chiropractic Therapy',
    summary: 'Gentle, hands-on adjustments that help your spine and joints move the way they should.',
    body: [
      'Chiropractic therapy uses precise, controlled adjustments to restore movement to joints of the spine and limbs that have become stiff or restricted. Many of our patients come to us with back or neck pain, tension headaches or stiffness after long hours at a desk or behind the wheel.',
      'Your first visit starts with a conversation and a careful examination. We explain what we find in plain language, agree on goals with you, and only begin treatment once you are comfortable with the plan.',
    ],
    points: ['Full history and posture assessment', 'Gentle spinal and joint adjustments', 'Advice on work set-up, sleep and movement', 'Progress reviewed at every visit'],
    img: img('chiropractic-therapy', 'A chiropractor gently adjusting a patient’s upper back'),
  },
  {
    id: '2',
    slug: 'vertebral-subluxation',
    title: 'Vertebral Subluxation',
    summary: 'Assessment and care for spinal segments that are not moving or aligned as they should.',
    body: [
      'A vertebral subluxation describes a spinal segment that is restricted or misaligned, which can irritate the surrounding muscles and nerves. It often shows up as local stiffness, aching or reduced range of movement.',
      'We locate restricted segments through palpation and movement testing, then use gentle adjustments and mobilisation to help them move freely again, alongside exercises that keep the improvement.',
    ],
    points: ['Motion and palpation testing', 'Targeted adjustments and mobilisation', 'Home exercises to keep segments moving', 'Referral for imaging only when it is needed'],
    img: img('vertebral-subluxation', 'Illustration of a spine with one highlighted vertebra'),
  },
  {
    id: '3',
    slug: 'radiculopathy-paraesthesia',
    title: 'Radiculopathy & Paraesthesia',
    summary: 'Care for nerve-related pain, tingling and numbness that travels into the arms or legs.',
    body: [
      'Radiculopathy happens when a nerve root near the spine is compressed or irritated. It can cause pain, tingling (paraesthesia), numbness or weakness that travels down an arm or a leg, as with sciatica.',
      'After a thorough neurological check we combine gentle spinal care, nerve mobility work and graded exercise. If anything suggests a condition that needs a specialist, we tell you straight away and refer you.',
    ],
    points: ['Neurological and reflex examination', 'Gentle decompression and nerve mobility work', 'Graded strengthening exercise', 'Prompt referral when a specialist is needed'],
    img: img('radiculopathy-paraesthesia', 'Illustration of nerves running from the spine into an arm'),
  },
  {
    id: '4',
    slug: 'wellness-care',
    title: 'Wellness Care',
    summary: 'Regular check-ups, posture coaching and lifestyle advice to keep you moving well.',
    body: [
      'Wellness care is for people who want to stay active and avoid the next flare-up. Periodic check-ups let us catch stiffness early and adjust your exercises as your life and work change.',
      'We look at the whole picture: how you sit, sleep, lift and move, how much you walk, and how stress shows up in your body. Small, steady changes usually matter more than big ones.',
    ],
    points: ['Periodic spinal check-ups', 'Posture and ergonomics coaching', 'Sleep, activity and stress advice', 'Simple routines you can keep up at home'],
    img: img('wellness-care', 'A person stretching calmly in a bright room'),
  },
  {
    id: '5',
    slug: 'rehabilitation-therapy',
    title: 'Rehabilitation Therapy',
    summary: 'Guided exercise and hands-on care to rebuild strength after injury or surgery.',
    body: [
      'Rehabilitation therapy helps you recover strength, balance and confidence after an injury, a sports strain or an operation. We work alongside your doctor or surgeon and follow their guidance.',
      'Each programme is built around your goals, whether that is climbing stairs without pain, returning to football or lifting your grandchildren, and it progresses step by step as you get stronger.',
    ],
    points: ['Functional movement assessment', 'Progressive strength and balance training', 'Hands-on soft-tissue work', 'Clear milestones and home programme'],
    img: img('rehabilitation-therapy', 'A patient doing a guided rehabilitation exercise with a band'),
  },
];

export function findService(id: string | undefined): Service | undefined {
  return services.find((s) => s.id === id);
}
