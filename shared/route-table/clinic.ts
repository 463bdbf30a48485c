import type { PageRoute } from './types';

/** Alternative home pages, about and appointment (issue 4). */
export const clinicRoutes: PageRoute[] = [
  {
    path: '/homeTwo',
    page: 'home-two',
    meta: {
      title: 'Chiropractic Membership Plans & FAQ',
      description: 'Monthly and yearly chiropractic care plans, answers to common questions and the latest advice from our clinic in Wuse II, Abuja.',
    },
  },
  {
    path: '/homeThree',
    page: 'home-three',
    meta: {
      title: 'Spine, Posture & Rehabilitation Care in Abuja',
      description: 'Gentle chiropractic, posture and rehabilitation care in Abuja: our clinic in numbers, our departments and what patients say.',
    },
  },
  {
    path: '/homeFour',
    page: 'home-four',
    handle: { languages: true },
    meta: {
      title: 'Gentle Care for Back & Neck Pain in Abuja',
      description: 'Meet our chiropractic team in Wuse II, Abuja, see how a visit works, browse the clinic and request an appointment.',
    },
  },
  {
    path: '/about',
    page: 'about',
    meta: {
      title: 'About Us',
      description: 'Who we are: a chiropractic and wellness clinic in Abuja since 2009. Our approach, our team and how we start your care.',
    },
  },
  {
    path: '/appoinment',
    page: 'appointment',
    meta: {
      title: 'Book an Appointment',
      description: 'Request an appointment with our chiropractic and rehabilitation team in Wuse II, Abuja, and see what to expect at your first visit.',
    },
  },
];
