/** Copy, counters and the principal's profile for the doctor pages. The team itself is data (the practitioners table), loaded by each page. */
/** Counters of the doctor pages (spec section 9: 540, 899, 100). */
export const doctorCounters = [
  { end: 540, label: 'Expert Doctors', icon: 'user' },
  { end: 899, label: 'Problem Solve', icon: 'check' },
  { end: 100, label: 'Award Winner', icon: 'star' },
] as const satisfies readonly { end: number; label: string; icon: 'user' | 'check' | 'star' }[];

export const doctorsPageCopy = {
  gridEyebrow: 'Our team',
  gridTitle: 'The people who will look after you',
  gridIntro: 'Clinicians, therapists and a friendly front desk who work as one team around your care, from your first call to your last visit.',
  countersTitle: 'Our clinic in numbers',
  featuredEyebrow: 'Leading our care',
  featuredTitle: 'Meet our principal chiropractor',
  teamTitle: 'The rest of the team',
  teamIntro: 'Each visit may involve several of us: a clinician for your assessment and treatment, a therapist for exercise, and the front desk for everything in between.',
  ctaTitle: 'Ready to meet the team?',
  ctaText: 'Tell us a little about what is troubling you and we will book you in with the right person.',
  ctaLabel: 'Book a first visit',
};

export interface ProfileEntry {
  period: string;
  title: string;
  detail: string;
}

export interface Skill {
  label: string;
  /** 0 to 100: how much of the principal's clinical week it takes. */
  share: number;
}

export interface ScheduleRow {
  days: string;
  hours: string;
}

export interface DoctorProfile {
  /** The practitioner this profile belongs to (practitioners.id). */
  practitionerId: string;
  /** Paragraphs; `{name}` is the practitioner's name as the database has it. */
  summary: readonly string[];
  focus: readonly string[];
  education: readonly ProfileEntry[];
  experience: readonly ProfileEntry[];
  skills: readonly Skill[];
  languages: readonly string[];
  schedule: readonly ScheduleRow[];
  memberships: readonly string[];
}

/** Professional profile of the principal chiropractor (/doctorDetails). Sample details the clinic replaces. */
export const principalProfile: DoctorProfile = {
  practitionerId: 'adaeze-okafor',
  summary: [
    `{name} founded the clinic's chiropractic service and leads a team that puts clear explanations and gentle technique first. She sees patients of every age, from office workers with neck pain to older adults rebuilding balance after a fall.`,
    'She believes good care is a partnership: patients should understand what is happening, why, and what they can do themselves between visits.',
  ],
  focus: ['Back and neck pain', 'Posture and desk-work strain', 'Sciatica and nerve-related pain', 'Recovery after injury'],
  education: [
    { period: '2004 – 2009', title: 'Doctor of Chiropractic (DC)', detail: 'Five-year accredited chiropractic degree, including a year of supervised clinical practice.' },
    { period: '2000 – 2003', title: 'BSc Human Anatomy', detail: 'Undergraduate degree with a focus on the musculoskeletal system.' },
    { period: '2015', title: 'Postgraduate certificate in rehabilitation', detail: 'Exercise-based rehabilitation for spinal and sports injuries.' },
  ],
  experience: [
    { period: '2012 – today', title: 'Principal Chiropractor, Abuja Spine & Wellness Clinic', detail: 'Leads clinical care, training and the quality of every patient’s plan.' },
    { period: '2009 – 2012', title: 'Associate Chiropractor', detail: 'General chiropractic practice with a focus on back pain and workplace injuries.' },
  ],
  skills: [
    { label: 'Spinal adjustment and mobilisation', share: 45 },
    { label: 'Rehabilitation exercise planning', share: 25 },
    { label: 'Posture and ergonomics assessment', share: 20 },
    { label: 'Team training and case reviews', share: 10 },
  ],
  languages: ['English', 'Igbo', 'Hausa (conversational)'],
  schedule: [
    { days: 'Sunday to Thursday', hours: '09:00 am – 05:00 pm' },
    { days: 'Friday', hours: '09:00 am – 01:00 pm' },
    { days: 'Saturday', hours: 'Closed' },
  ],
  memberships: ['Registered chiropractor, licensed to practise in Nigeria', 'Member of a national chiropractic association'],
};
