import type { CounterItem, HeroSlide, Img } from './types';
import { galleryImages, heroImages, serviceImages } from './images';
import type { GalleryFilter, GalleryItem } from './portfolio';

const book = { label: 'Make Appointment', to: '/contact' };

/** Home five hero slider (fade, one slide). */
export const homeFiveSlides: readonly HeroSlide[] = [
  {
    id: 'timetable',
    eyebrow: 'Chiropractic & wellness care in Wuse II',
    title: 'See the right clinician at a time that suits you',
    text: 'Check the weekly timetable below, then call or book online. Evening walk-in hours make it easier to come after work.',
    img: heroImages.consultation,
    cta: book,
    secondary: { label: 'Meet the team', to: '/doctors' },
  },
  {
    id: 'relief',
    eyebrow: 'Back and neck pain',
    title: 'Careful, gentle care from your first visit',
    text: 'A thorough assessment, a plan explained in plain language, and treatment only once you are comfortable with it.',
    img: heroImages.clinicCare,
    cta: book,
    secondary: { label: 'Our services', to: '/services' },
  },
  {
    id: 'habits',
    eyebrow: 'Wellness',
    title: 'Keep moving well between visits',
    text: 'Simple home exercises and posture habits that fit into a busy week, reviewed with you at every visit.',
    img: heroImages.wellness,
    cta: book,
    secondary: { label: 'Wellness care', to: '/service-detail/4' },
  },
];

export const emergencyCard = {
  title: 'Urgent back or neck pain?',
  text: 'Call our front desk and we will do our best to see you the same day.',
  note: 'We are not an emergency department. For chest pain, sudden weakness or numbness, loss of bladder control or a serious injury, call 112 or go to the nearest hospital emergency unit.',
};

export interface HoursRow {
  label: string;
  time: string;
}

/** Opening-hours card (spec section 2: Mon-Fri 08:00 am-09:00 pm and 05:00 pm-08:00 pm, Sunday closed). */
export const openingHoursCard: { title: string; rows: readonly HoursRow[]; note: string } = {
  title: 'Opening hours',
  rows: [
    { label: 'Mon-Fri', time: '08:00 am-09:00 pm' },
    // The spec gives this second range without a day; we read it as weekday walk-in hours.
    { label: 'Walk-in, no appointment', time: '05:00 pm-08:00 pm' },
    { label: 'Sunday', time: 'closed' },
  ],
  note: 'Public holidays: please call before you come.',
};

/** How many of the team home five shows (the first in display order). */
export const HOME_FIVE_TEAM_SIZE = 4;

export const timetableDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type TimetableDay = (typeof timetableDays)[number];

export interface TimetableSlot {
  time: string;
  /** Who is in clinic on each day in this slot (a practitioner's id; the name comes from the database), and the focus of the session. */
  sessions: Record<TimetableDay, { practitioner: string; focus: string } | null>;
}

/** Weekly doctor timetable (spec section 2). Sample schedule the clinic replaces. */
export const timetable: readonly TimetableSlot[] = [
  {
    time: '08:00 am-11:00 am',
    sessions: {
      Monday: { practitioner: 'adaeze-okafor', focus: 'New patient assessments' },
      Tuesday: { practitioner: 'funmilayo-adeyemi', focus: 'Neck and back pain' },
      Wednesday: { practitioner: 'adaeze-okafor', focus: 'Chiropractic therapy' },
      Thursday: { practitioner: 'ibrahim-musa', focus: 'General health review' },
      Friday: { practitioner: 'funmilayo-adeyemi', focus: 'Desk-worker posture clinic' },
    },
  },
  {
    time: '11:00 am-02:00 pm',
    sessions: {
      Monday: { practitioner: 'chinedu-eze', focus: 'Rehabilitation' },
      Tuesday: { practitioner: 'tunde-bakare', focus: 'Manual therapy' },
      Wednesday: { practitioner: 'chinedu-eze', focus: 'Post-surgery rehabilitation' },
      Thursday: { practitioner: 'tunde-bakare', focus: 'Manual therapy' },
      Friday: { practitioner: 'adaeze-okafor', focus: 'Chiropractic therapy' },
    },
  },
  {
    time: '02:00 pm-05:00 pm',
    sessions: {
      Monday: { practitioner: 'ibrahim-musa', focus: 'General health review' },
      Tuesday: { practitioner: 'adaeze-okafor', focus: 'Chiropractic therapy' },
      Wednesday: { practitioner: 'funmilayo-adeyemi', focus: 'Headaches and jaw tension' },
      Thursday: { practitioner: 'chinedu-eze', focus: 'Sports injuries' },
      Friday: { practitioner: 'tunde-bakare', focus: 'Manual therapy' },
    },
  },
  {
    time: '05:00 pm-08:00 pm',
    sessions: {
      Monday: { practitioner: 'funmilayo-adeyemi', focus: 'Walk-in clinic' },
      Tuesday: { practitioner: 'chinedu-eze', focus: 'Walk-in clinic' },
      Wednesday: { practitioner: 'tunde-bakare', focus: 'Walk-in clinic' },
      Thursday: { practitioner: 'funmilayo-adeyemi', focus: 'Walk-in clinic' },
      Friday: null,
    },
  },
];

export type HomeFiveCategory = 'dental' | 'neurology' | 'surgery' | 'medicin';

/** Gallery filter buttons, spelled as in the spec (including 'show all' and 'Medicin'). */
export const homeFiveFilters: readonly GalleryFilter<HomeFiveCategory>[] = [
  { value: 'all', label: 'show all' },
  { value: 'dental', label: 'Dental' },
  { value: 'neurology', label: 'Neurology' },
  { value: 'surgery', label: 'Surgery' },
  { value: 'medicin', label: 'Medicin' },
];

export const homeFiveCategoryLabel: Record<HomeFiveCategory, string> = {
  dental: 'Dental',
  neurology: 'Neurology',
  surgery: 'Surgery',
  medicin: 'Medicine',
};

const g = (n: number): Img => {
  const img = galleryImages[n - 1];
  if (!img) throw new Error(`No gallery image ${n}`);
  return img;
};

/** Eight gallery items, two per category; two reuse an earlier image, so 'show all' lists six. */
export const homeFiveGallery: readonly GalleryItem<HomeFiveCategory>[] = [
  { id: 1, category: 'dental', title: 'Jaw and bite assessment', img: g(5) },
  { id: 2, category: 'neurology', title: 'Tracing nerve pain to its source', img: g(7) },
  { id: 3, category: 'surgery', title: 'Preparing for spinal surgery', img: g(6) },
  { id: 4, category: 'medicin', title: 'Reviewing your medicines and history', img: g(11) },
  { id: 5, category: 'neurology', title: 'How the spine protects the nerves', img: g(3) },
  { id: 6, category: 'medicin', title: 'Reading imaging with your doctor', img: g(9) },
  { id: 7, category: 'surgery', title: 'Checking healing after an operation', img: g(9) },
  { id: 8, category: 'dental', title: 'Talking through jaw pain with your dentist', img: g(11) },
];

export interface MedicalTab {
  id: string;
  label: string;
  title: string;
  paragraphs: readonly string[];
  points: readonly string[];
  img: Img;
}

/** Medical tabs (spec section 2: Dental Anxiety, Orthopedic, Dermatological). */
export const medicalTabs: readonly MedicalTab[] = [
  {
    id: 'dental-anxiety',
    label: 'Dental Anxiety',
    title: 'Calmer jaws, calmer dental visits',
    paragraphs: [
      'Worry before a dental appointment often shows up as clenched teeth, a tight jaw and a stiff neck. We teach simple breathing and jaw-release exercises you can use in the waiting room and in the chair.',
      'With your permission we share notes with your dentist, so both of you know which positions are comfortable for your neck during longer treatments.',
    ],
    points: ['Jaw and neck muscle assessment', 'Relaxation and breathing routine', 'Notes for your dentist'],
    img: serviceImages.dentalCare,
  },
  {
    id: 'orthopedic',
    label: 'Orthopedic',
    title: 'Joints that move with less strain',
    paragraphs: [
      'Stiff hips, sore knees and painful shoulders change the way you walk, sit and lift, and that load often travels to the spine. We assess the whole chain, not just the painful joint.',
      'Care combines gentle joint mobilisation with exercises that build strength gradually. If an x-ray or a specialist opinion is needed, we tell you and help arrange the referral.',
    ],
    points: ['Movement and gait assessment', 'Joint mobilisation and exercise', 'Referral when imaging is needed'],
    img: serviceImages.rehabilitationTherapy,
  },
  {
    id: 'dermatological',
    label: 'Dermatological',
    title: 'Care that respects your skin',
    paragraphs: [
      'Hands-on treatment means we see and touch a lot of skin. We use fragrance-free, hypoallergenic oils and ask about eczema, allergies and sensitive areas before we begin.',
      'If we notice a mole or rash that has changed, we point it out and suggest you see a dermatologist; we do not diagnose or treat skin conditions ourselves.',
    ],
    points: ['Fragrance-free massage products', 'Allergy questions at every first visit', 'Prompt advice to see a dermatologist'],
    img: serviceImages.wellnessCare,
  },
];

/** Home five counters (spec section 9). Sample figures from the template, shown as given. */
export const homeFiveCounters: readonly CounterItem[] = [
  { end: 3624, label: 'Branches', icon: 'pin' },
  { end: 5236, label: 'Nurses', icon: 'user' },
  { end: 8950, label: 'Awards', icon: 'star' },
  { end: 4562, label: 'Ambulances', icon: 'heart' },
];
