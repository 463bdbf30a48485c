import { heroImages, serviceImages } from './images';
import type { Img } from './types';

export const homeHero = {
  eyebrow: 'Chiropractic & wellness care in Abuja',
  title: 'Move freely again, with care that listens first',
  text: 'Gentle chiropractic, rehabilitation and wellness care for back and neck pain, posture problems and recovery after injury, in the heart of Wuse II.',
  img: heroImages.clinicCare,
};

export interface HomeService {
  title: string;
  text: string;
  img: Img;
  to: string;
}

/** The four services on home one (spec section 2). */
export const homeServices: readonly HomeService[] = [
  { title: 'Medical Home Care', text: 'Visits at home for patients who cannot travel easily, with the same careful assessment as in the clinic.', img: serviceImages.homeCare, to: '/service-detail/4' },
  { title: 'Medical Eye Point', text: 'Screening for eye strain and posture habits that cause headaches and neck tension at screens.', img: serviceImages.eyePoint, to: '/service-detail/1' },
  { title: 'Medical Older Care', text: 'Gentle mobility and balance care that helps older adults stay independent and confident on their feet.', img: serviceImages.olderCare, to: '/service-detail/5' },
  { title: 'Medical Dental Care', text: 'Care for jaw tension and clenching that often travels into the neck, shoulders and head.', img: serviceImages.dentalCare, to: '/service-detail/2' },
];

export const newsletter = {
  title: 'Simple tips for a healthier back',
  text: 'One short e-mail a month with posture tips, gentle exercises and clinic news. No spam, and you can leave at any time.',
};
