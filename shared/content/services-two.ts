import type { Option } from './types';
import type { Img } from './types';

export const servicesTwoIntro = {
  eyebrow: 'Departments & care plans',
  title: 'One clinic, many ways to help you move better',
  paragraphs: [
    'Back and neck pain rarely has a single cause, so our clinicians work together: chiropractors, a rehabilitation therapist and a primary care physician who can look at your general health.',
    'Where you need care we do not provide ourselves, we say so and help you find the right specialist in Abuja, then keep working with them on the parts we can help with.',
  ],
  img: { src: '/images/hero/consultation.svg', width: 720, height: 560, alt: 'A clinician and a patient talking through a care plan at a desk' } satisfies Img,
};

/** Icons drawn by the department grid (kept as names so content stays free of markup). */
export type DepartmentIcon = 'scalpel' | 'brain' | 'drop' | 'family' | 'eye' | 'leaf';

export interface Department {
  title: string;
  icon: DepartmentIcon;
  text: string;
}

/**
 * The departments grid (spec section 2). Several are supportive services delivered with
 * the patient's own specialists; the copy says so rather than claiming treatment we do not give.
 */
export const departments: readonly Department[] = [
  { title: 'Body Surgery', icon: 'scalpel', text: 'Preparation before an operation and guided rehabilitation afterwards, in step with your surgeon’s instructions.' },
  { title: 'Neurology Surgery', icon: 'brain', text: 'Gentle recovery programmes after spine or nerve surgery, building strength and confidence at a safe pace.' },
  { title: 'Blood Cancer', icon: 'drop', text: 'Supportive comfort care, gentle movement and fatigue management alongside your oncology team, never instead of it.' },
  { title: 'Family Care', icon: 'family', text: 'Care for every age, from posture checks for school children to mobility and balance care for grandparents.' },
  { title: 'Eye Care', icon: 'eye', text: 'Screen-time habits, workstation set-up and neck posture checks for eye strain and tension headaches.' },
  { title: 'Allergic Issue', icon: 'leaf', text: 'Advice on breathing, posture and rest for people whose allergies leave them stiff, tired or tense; medical treatment stays with your doctor.' },
];

export interface QuoteField {
  name: string;
  label: string;
  placeholder: string;
  options: readonly Option[];
}

/**
 * The quote calculator's dropdowns after its first, the service (spec section 2: four in all; the
 * services are the clinic's data, shared/requests/quote-calculator.tsx). It asks for nothing sensitive.
 */
export const quoteFields: readonly QuoteField[] = [
  {
    name: 'sessions',
    label: 'Number of sessions',
    placeholder: 'How many sessions?',
    options: [
      { value: '1', label: 'Single session' },
      { value: '4', label: 'Course of 4 sessions' },
      { value: '8', label: 'Course of 8 sessions' },
      { value: '12', label: 'Course of 12 sessions' },
    ],
  },
  {
    name: 'patient',
    label: 'Who is the care for?',
    placeholder: 'Choose a patient type',
    options: [
      { value: 'adult', label: 'Adult' },
      { value: 'child', label: 'Child (under 16)' },
      { value: 'senior', label: 'Older adult (65+)' },
      { value: 'group', label: 'Employee group' },
    ],
  },
  {
    name: 'payment',
    label: 'How will you pay?',
    placeholder: 'Choose a payment option',
    options: [
      { value: 'self', label: 'Self-pay' },
      { value: 'hmo', label: 'HMO / health insurance' },
      { value: 'employer', label: 'Employer account' },
    ],
  },
];

export const quoteCopy = {
  eyebrow: 'Quote calculator',
  title: 'Ask for a quote for a course of care',
  text: 'Choose the options closest to what you need and leave a phone number. Prices depend on your assessment, so we confirm every quote in person or by phone.',
  phoneLabel: 'Phone number',
  submitLabel: 'Get a quote',
};

export interface EmployerSection {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  points: readonly string[];
  linkLabel: string;
  img: Img;
}

/** Employer sections (spec section 2), each linking to /contact. */
export const employerSections: readonly EmployerSection[] = [
  {
    id: 'workplace',
    eyebrow: 'For employers',
    title: 'Workplace wellness for your team',
    text: 'Long hours at a desk or behind the wheel take a toll on backs and necks. We visit offices across Abuja to run short posture talks, stretch sessions and individual check-ups.',
    points: ['Posture and workstation talks', 'On-site check-ups by appointment', 'Simple stretch routines for the working day'],
    linkLabel: 'Talk to us about your team',
    img: { src: '/images/about/clinic-team.svg', width: 640, height: 520, alt: 'The clinic team talking with a group of office staff' },
  },
  {
    id: 'accounts',
    eyebrow: 'Corporate accounts',
    title: 'Easy care arrangements for staff and HMOs',
    text: 'We work with employers and health maintenance organisations to make booking and billing straightforward, so staff can get care early instead of waiting for pain to get worse.',
    points: ['One monthly invoice for your organisation', 'Priority booking for your staff', 'Clear, confidential reporting with patient consent'],
    linkLabel: 'Ask about a corporate account',
    img: { src: '/images/misc/cta.svg', width: 640, height: 400, alt: 'A calendar and clipboard showing scheduled staff appointments' },
  },
];
