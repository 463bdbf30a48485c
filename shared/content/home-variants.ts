import type { HeroSlide, IconName, Img } from './types';
import { aboutImages, galleryImages, heroImages } from './images';
import { site } from './site';

const book = { label: 'Make Appointment', to: '/contact' };

/** Home four hero slider (fade, one slide). */
export const homeFourSlides: readonly HeroSlide[] = [
  {
    id: 'care',
    eyebrow: 'Chiropractic care in Wuse II, Abuja',
    title: 'Gentle care for back and neck pain',
    text: 'We listen first, examine carefully and explain everything in plain language before any treatment begins.',
    img: heroImages.clinicCare,
    cta: book,
    secondary: { label: 'Our services', to: '/services' },
  },
  {
    id: 'rehab',
    eyebrow: 'Rehabilitation',
    title: 'Rebuild strength after injury, step by step',
    text: 'Guided exercise and hands-on care that progress with you, working alongside your doctor or surgeon.',
    img: heroImages.consultation,
    cta: book,
    secondary: { label: 'Rehabilitation therapy', to: '/service-detail/5' },
  },
  {
    id: 'wellness',
    eyebrow: 'Wellness',
    title: 'Small habits, a healthier spine',
    text: 'Posture coaching, regular check-ups and simple routines that fit into a busy Abuja week.',
    img: heroImages.wellness,
    cta: book,
    secondary: { label: 'Wellness care', to: '/service-detail/4' },
  },
];

/** Home three hero slider: the same section with its own slides. */
export const homeThreeSlides: readonly HeroSlide[] = [
  {
    id: 'listen',
    eyebrow: 'Preventive, wellness-oriented care',
    title: 'Feel at home in your body again',
    text: 'Chiropractic, rehabilitation and posture care for people who sit, drive, lift and carry every day.',
    img: heroImages.wellness,
    cta: book,
    secondary: { label: 'About the clinic', to: '/about' },
  },
  {
    id: 'explain',
    eyebrow: 'Clear explanations',
    title: 'Understand your pain before we treat it',
    text: 'We show you what we found, using models and drawings, and agree the plan together.',
    img: heroImages.consultation,
    cta: book,
    secondary: { label: 'Meet the team', to: '/doctors' },
  },
];

/** Home two opening (a static hero: the page is about plans and questions). */
export const homeTwoHero = {
  eyebrow: 'Chiropractic & wellness plans',
  title: 'Regular care that fits your life and budget',
  text: 'Choose a membership for steady, preventive care, or book a single visit first. Either way, your plan starts with a careful assessment.',
  img: heroImages.clinicCare,
  cta: book,
  secondary: { label: 'Our services', to: '/services' },
};

export const homeFourAbout = {
  eyebrow: 'About the clinic',
  title: 'Preventive care with a chiropractic focus',
  paragraphs: [
    `Since ${site.foundedYear} we have helped people across Abuja ease back and neck pain, recover from injury and build habits that keep them moving.`,
    'Our team of chiropractors, rehabilitation therapists and administrators works as one, so your care feels joined up from the first call.',
  ],
  points: ['Gentle, explained treatment', 'Rehabilitation alongside your doctor', 'Workplace and posture advice'],
  img: aboutImages.clinicTeam,
  cta: { label: 'More about us', to: '/about' },
};

export interface Step {
  title: string;
  text: string;
  icon: IconName;
}

/** How it works (spec section 2: Have A Coffee, Choose Doctor, Admission Now). */
export const howItWorks: readonly Step[] = [
  { title: 'Have A Coffee', text: 'Arrive a little early, have a coffee or tea in our waiting room and fill in a short health form.', icon: 'heart' },
  { title: 'Choose Doctor', text: 'Pick the clinician you prefer, or let us match you with the right person for your needs.', icon: 'user' },
  { title: 'Admission Now', text: 'Your assessment begins: a conversation, a gentle examination and a plan we agree together.', icon: 'calendar' },
];

export interface GalleryItem {
  id: number;
  img: Img;
}

/** Photo gallery carousel of home four: a glimpse of the clinic. */
export const homeGallery: readonly GalleryItem[] = [1, 2, 3, 4, 8, 11].map((n) => ({ id: n, img: galleryImages[n - 1]! }));

export const membership = {
  eyebrow: 'Membership',
  title: 'Why members choose regular care',
  text: 'Regular, lighter-touch visits help many people stay ahead of stiffness instead of waiting for the next flare-up. Members also get priority evening slots and a progress review every three months.',
  points: [
    { title: 'Priority booking', text: 'First choice of evening and early-morning appointments.' },
    { title: 'Progress reviews', text: 'A quarterly check of posture, movement and goals.' },
    { title: 'Family friendly', text: 'Add a family member to your plan at the same rate.' },
  ],
  cta: { label: 'Ask about membership', to: '/contact' },
};

export const newsIntro = {
  eyebrow: 'From our blog',
  title: 'Latest news and advice',
  intro: 'Practical tips on posture, exercise and everyday habits from our team.',
};

export const factsIntros = {
  homeThree: { eyebrow: 'In numbers', title: 'Our clinic at a glance' },
  homeFour: { eyebrow: 'Facts', title: 'Facts about the clinic' },
  about: { eyebrow: 'Facts', title: 'Growing with the people we care for' },
};
