import type { PageRoute } from '../platform/page-route';

/**
 * Services, doctors and contact (spec section 2). `/service-detail/:id` and `/servicesDetails`
 * share one module: its loader picks the service (the first one for `/servicesDetails`), gives
 * the page the service's own title, and answers 404 for an unknown id.
 */
export const clinicRoutes: PageRoute[] = [
  {
    path: '/services',
    page: 'clinic/services',
    meta: {
      title: 'Our Services',
      description: 'Chiropractic therapy, spinal care, nerve-related pain, wellness check-ups and rehabilitation at our clinic in Wuse II, Abuja.',
    },
  },
  {
    path: '/service-detail/:id',
    page: 'clinic/service-detail',
    serverLoader: true,
    meta: { title: 'Service Details', description: 'What a visit for this service involves at our chiropractic clinic in Abuja.' },
  },
  // Shows the first service; its loader gives the same title and description.
  { path: '/servicesDetails', page: 'clinic/service-detail', serverLoader: true, meta: { title: 'Service Details', description: 'What a visit for this service involves at our chiropractic clinic in Abuja.' } },
  {
    path: '/doctors',
    page: 'clinic/doctors',
    meta: { title: 'Our Doctors', description: 'Meet the chiropractors, therapists and care team at our clinic in Wuse II, Abuja.' },
  },
  {
    path: '/doctorsTwo',
    page: 'clinic/doctors-two',
    meta: { title: 'Meet the Care Team', description: 'The seven people behind your care: clinicians, therapists and the front-desk team at our Abuja clinic.' },
  },
  {
    path: '/doctorDetails',
    page: 'clinic/doctor-details',
    meta: {
      title: 'Principal Chiropractor',
      description: 'Professional profile of our principal chiropractor: education, experience, skills, languages and clinic schedule.',
    },
  },
];
