import type { Img } from './types';

export interface Benefit {
  title: string;
  text: string;
}

/**
 * The benefit list of the services page (spec section 2). Worded as what patients
 * commonly report, never as a promise: results differ from person to person.
 */
export const benefits: readonly Benefit[] = [
  { title: 'Improved spinal health', text: 'Joints that move freely and muscles that share the load evenly put less strain on the spine day to day.' },
  { title: 'Reduced pain', text: 'Many patients report less back, neck and joint pain as stiffness eases and movement returns.' },
  { title: 'Improved immune function', text: 'Some patients tell us they feel more resilient when they sleep, move and manage stress better.' },
  { title: 'Better sleep', text: 'Easing tension in the neck and back often makes it easier to get comfortable and stay asleep.' },
  { title: 'Lowered blood pressure', text: 'Relaxation, regular movement and less pain can support healthy blood pressure alongside your doctor’s care.' },
  { title: 'Improved mental health', text: 'Many patients report feeling calmer and more positive when pain no longer limits what they can do.' },
];

/** About text above the benefit list on /services. */
export const servicesAbout = {
  eyebrow: 'About our care',
  title: 'Chiropractic care that starts with listening',
  paragraphs: [
    `Since 2009 our clinic in Wuse II has helped people in Abuja move more comfortably: office workers with stiff necks, drivers with sore backs, parents, athletes and older adults who want to stay independent.`,
    'Every plan starts with a conversation and a careful examination. We explain what we find, agree on goals with you and use gentle, evidence-informed techniques, with exercises you can keep up at home.',
  ],
  note: 'Everyone responds differently to care. We will always tell you honestly what we think chiropractic care can and cannot do for you, and refer you to another professional when that is the better choice.',
  img: { src: '/images/about/approach.svg', width: 640, height: 520, alt: 'A chiropractor explaining a spine model to a patient' } satisfies Img,
};

export interface HowWeCareCard {
  title: string;
  text: string;
}

/** The service cards of /services: what every course of care includes. */
export const howWeCare: readonly HowWeCareCard[] = [
  { title: 'A thorough first visit', text: 'History, posture and movement assessment, and a clear explanation before any treatment begins.' },
  { title: 'A plan made with you', text: 'Goals you choose, a realistic number of visits and an honest review of progress along the way.' },
  { title: 'Gentle, hands-on care', text: 'Adjustments, mobilisation and soft-tissue work at a pace and pressure you are comfortable with.' },
  { title: 'Exercises for home', text: 'Short routines that fit into your day, so the progress you make in the clinic lasts.' },
];
