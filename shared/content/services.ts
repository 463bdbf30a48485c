import { serviceImages } from './images';
import type { Img } from './types';

/**
 * The detail pages' copy of each service, by the service's slug. The service itself (its name,
 * summary, durations and price) is data: the services table, read by the pages' loaders.
 */
export interface ServiceCopy {
  /** Paragraphs for the detail page. */
  body: readonly string[];
  /** What a visit involves, for the detail page. */
  points: readonly string[];
  img: Img;
}

export const serviceCopy: Readonly<Record<string, ServiceCopy>> = {
  'chiropractic-therapy': {
    body: [
      'Chiropractic therapy uses precise, controlled adjustments to restore movement to joints of the spine and limbs that have become stiff or restricted. Many of our patients come to us with back or neck pain, tension headaches or stiffness after long hours at a desk or behind the wheel.',
      'Your first visit starts with a conversation and a careful examination. We explain what we find in plain language, agree on goals with you, and only begin treatment once you are comfortable with the plan.',
    ],
    points: ['Full history and posture assessment', 'Gentle spinal and joint adjustments', 'Advice on work set-up, sleep and movement', 'Progress reviewed at every visit'],
    img: serviceImages.chiropracticTherapy,
  },
  'vertebral-subluxation': {
    body: [
      'A vertebral subluxation describes a spinal segment that is restricted or misaligned, which can irritate the surrounding muscles and nerves. It often shows up as local stiffness, aching or reduced range of movement.',
      'We locate restricted segments through palpation and movement testing, then use gentle adjustments and mobilisation to help them move freely again, alongside exercises that keep the improvement.',
    ],
    points: ['Motion and palpation testing', 'Targeted adjustments and mobilisation', 'Home exercises to keep segments moving', 'Referral for imaging only when it is needed'],
    img: serviceImages.vertebralSubluxation,
  },
  'radiculopathy-paraesthesia': {
    body: [
      'Radiculopathy happens when a nerve root near the spine is compressed or irritated. It can cause pain, tingling (paraesthesia), numbness or weakness that travels down an arm or a leg, as with sciatica.',
      'After a thorough neurological check we combine gentle spinal care, nerve mobility work and graded exercise. If anything suggests a condition that needs a specialist, we tell you straight away and refer you.',
    ],
    points: ['Neurological and reflex examination', 'Gentle decompression and nerve mobility work', 'Graded strengthening exercise', 'Prompt referral when a specialist is needed'],
    img: serviceImages.radiculopathyParaesthesia,
  },
  'wellness-care': {
    body: [
      'Wellness care is for people who want to stay active and avoid the next flare-up. Periodic check-ups let us catch stiffness early and adjust your exercises as your life and work change.',
      'We look at the whole picture: how you sit, sleep, lift and move, how much you walk, and how stress shows up in your body. Small, steady changes usually matter more than big ones.',
    ],
    points: ['Periodic spinal check-ups', 'Posture and ergonomics coaching', 'Sleep, activity and stress advice', 'Simple routines you can keep up at home'],
    img: serviceImages.wellnessCare,
  },
  'rehabilitation-therapy': {
    body: [
      'Rehabilitation therapy helps you recover strength, balance and confidence after an injury, a sports strain or an operation. We work alongside your doctor or surgeon and follow their guidance.',
      'Each programme is built around your goals, whether that is climbing stairs without pain, returning to football or lifting your grandchildren, and it progresses step by step as you get stronger.',
    ],
    points: ['Functional movement assessment', 'Progressive strength and balance training', 'Hands-on soft-tissue work', 'Clear milestones and home programme'],
    img: serviceImages.rehabilitationTherapy,
  },
};

/** A service's copy, or a plain one for a service added since (its page then shows its summary). */
export function copyOf(slug: string): ServiceCopy {
  return serviceCopy[slug] ?? { body: [], points: [], img: serviceImages.chiropracticTherapy };
}
