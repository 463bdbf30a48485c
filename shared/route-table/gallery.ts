import type { PageRoute } from './types';

export const galleryRoutes: PageRoute[] = [
  {
    path: '/portfolioTwoColumn',
    page: 'portfolio-two-column',
    meta: {
      title: 'Portfolio: Our Clinic in Pictures',
      description: 'A look inside our Abuja clinic: treatment rooms, rehabilitation classes and consultations. Filter by care, dental, medical or surgery and open any picture.',
    },
  },
  {
    path: '/portfolioThreeColumn',
    page: 'portfolio-three-column',
    meta: {
      title: 'Portfolio Gallery',
      description: 'Pictures of chiropractic care, rehabilitation and recovery at our clinic in Wuse II, Abuja, in a filterable three-column gallery.',
    },
  },
  {
    path: '/portfolioSlider',
    page: 'portfolio-slider',
    meta: {
      title: 'Portfolio Slider',
      description: 'Step through pictures of our treatment rooms, classes and consultations, one at a time.',
    },
  },
  {
    path: '/homeFive',
    page: 'home-five',
    meta: {
      title: 'Chiropractic Care, Opening Hours & Timetable',
      description: 'Opening hours, the weekly doctor timetable, our departments and team at our chiropractic and wellness clinic in Abuja. Emergency line and gallery.',
    },
  },
];
