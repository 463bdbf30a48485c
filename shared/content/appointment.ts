import type { Option } from './types';

/** 'Book Appointment' form (spec section 3): department options as the spec names them. */
export const departmentOptions: readonly Option[] = [
  { value: 'surgery-radiology', label: 'Surgery and Radiology' },
  { value: 'pediatrics', label: 'Pediatrics' },
];

export const bookAppointment = {
  eyebrow: 'Appointment',
  title: 'Book Appointment',
  intro: 'Tell us when suits you and we will confirm by phone. Please do not include detailed medical information here; we discuss it in person.',
};

export const appointmentWidget = {
  eyebrow: 'Appointment',
  title: 'Request a visit',
  text: 'Leave your details and the service you are interested in. You can also reach us directly on the contact page.',
  contactLink: { label: 'Go to the contact page', to: '/contact' },
};
