import type { PageRoute } from '../platform/page-route';

export const galleryRoutes: PageRoute[] = [
  {
    path: '/portfolioTwoColumn',
    // The pictures are data (server/gallery/pages/).
    serverLoader: true,
    page: 'gallery/portfolio-two-column',
    meta: {
      title: 'Portfolio: Our Clinic in Pictures',
      description: 'A look inside our Abuja clinic: treatment rooms, rehabilitation classes and consultations. Filter by care, dental, medical or surgery and open any picture.',
    },
  },
  {
    path: '/portfolioThreeColumn',
    // The pictures are data (server/gallery/pages/).
    serverLoader: true,
    page: 'gallery/portfolio-three-column',
    meta: {
      title: 'Portfolio Gallery',
      description: 'Pictures of chiropractic care, rehabilitation and recovery at our clinic in Wuse II, Abuja, in a filterable three-column gallery.',
    },
  },
  {
    path: '/portfolioSlider',
    // The pictures are data (server/gallery/pages/).
    serverLoader: true,
    page: 'gallery/portfolio-slider',
    meta: {
      title: 'Portfolio Slider',
      description: 'Step through pictures of our treatment rooms, classes and consultations, one at a time.',
    },
  },
];
