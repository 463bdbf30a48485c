import type { Img } from './types';

export interface Doctor {
  /** Card number (spec section 3). */
  number: number;
  name: string;
  title: string;
  bio: string;
  img: Img;
}

const portrait = (n: number, name: string): Img => ({
  src: `/images/doctors/doctor-${n}.svg`,
  width: 400,
  height: 480,
  alt: `Illustrated portrait of ${name}`,
});

/** The seven team members (spec section 3). Names are sample names the clinic replaces. */
export const doctors: readonly Doctor[] = [
  { number: 1, name: 'Dr. Adaeze Okafor', title: 'Head Doctor', bio: 'Principal chiropractor with over fifteen years of practice in spinal care and rehabilitation.' },
  { number: 2, name: 'Dr. Ibrahim Musa', title: 'Primary Care Physician', bio: 'Looks after your general health and coordinates referrals when you need a specialist.' },
  { number: 3, name: 'Dr. Funmilayo Adeyemi', title: 'Chiropractic Associate clinician', bio: 'Focuses on neck and back pain linked to desk work, driving and long commutes.' },
  { number: 4, name: 'Chinedu Eze', title: 'Physical Rehabilitation Associate', bio: 'Designs step-by-step exercise programmes after injury, surgery or a long break from activity.' },
  { number: 5, name: 'Halima Bello', title: 'Director of Administration', bio: 'Keeps appointments, records and insurance paperwork running smoothly for every patient.' },
  { number: 6, name: 'Tunde Bakare', title: 'Chiropractic Manual Therapist', bio: 'Provides soft-tissue and manual therapy to ease muscle tension and restore movement.' },
  { number: 7, name: 'Ngozi Nwosu', title: 'Deputy administrator', bio: 'Your first point of contact at reception, on the phone and by e-mail.' },
].map((d) => ({ ...d, img: portrait(d.number, d.name) }));

export const principalDoctor = doctors[0]!;
