import { departmentImages } from './images';
import type { Img } from './types';

/** A clinical department or area of care, as shown on department sliders and grids. */
export interface Department {
  /** Stable key, also the illustration's file name under /images/departments/. */
  id: 'surgery' | 'dental' | 'neurology' | 'orthopedics' | 'eye-care' | 'family-care';
  title: string;
  /** One or two sentences for a card. */
  text: string;
  img: Img;
  /** Where the card's link goes. */
  to: string;
}

/** Every department illustration the site has, in display order. */
export const departments: readonly Department[] = [
  {
    id: 'surgery',
    title: 'Surgery',
    text: 'We do not operate. We help you prepare for spinal or joint surgery and rebuild strength afterwards, following your surgeon’s guidance.',
    img: departmentImages.surgery,
    to: '/service-detail/5',
  },
  {
    id: 'dental',
    title: 'Dental',
    text: 'Jaw clenching and tight chewing muscles often travel into the neck and head. We work alongside your dentist to ease that tension.',
    img: departmentImages.dental,
    to: '/service-detail/1',
  },
  {
    id: 'neurology',
    title: 'Neurology',
    text: 'Careful assessment of pain, tingling or numbness that travels into the arms or legs, with prompt referral when a specialist is needed.',
    img: departmentImages.neurology,
    to: '/service-detail/3',
  },
  {
    id: 'orthopedics',
    title: 'Orthopedics',
    text: 'Hands-on care and graded exercise for stiff joints, sprains and strains in the back, hips, knees and shoulders.',
    img: departmentImages.orthopedics,
    to: '/service-detail/2',
  },
  {
    id: 'eye-care',
    title: 'Eye Care',
    text: 'Screen habits, lighting and desk height often cause eye strain together with neck tension; we look at both.',
    img: departmentImages.eyeCare,
    to: '/service-detail/4',
  },
  {
    id: 'family-care',
    title: 'Family Care',
    text: 'Gentle check-ups and posture advice for every member of the family, from school bags to long days at work.',
    img: departmentImages.familyCare,
    to: '/service-detail/4',
  },
];

const byId = (id: Department['id']) => departments.find((d) => d.id === id)!;

/** The departments slider of the alternative home pages (spec: surgery, dental, neurology). */
export const sliderDepartments: readonly Department[] = [byId('surgery'), byId('dental'), byId('neurology')];
