import type { Img } from './types';

/**
 * Manifest of the hand-made SVG illustrations in public/images/.
 * Every width/height equals the file's viewBox, so layout never shifts.
 * Swap `src` (and the dimensions) when the clinic supplies real photographs.
 */

const img = (src: string, width: number, height: number, alt: string): Img => ({ src, width, height, alt });

export const heroImages = {
  clinicCare: img('/images/hero/clinic-care.svg', 720, 560, 'A chiropractor gently adjusting the upper back of a seated patient in a bright treatment room'),
  wellness: img('/images/hero/wellness.svg', 720, 560, 'A woman holding a calm yoga stretch on a mat beside plants and a sunny window'),
  consultation: img('/images/hero/consultation.svg', 720, 560, 'A clinician using a spine model to explain treatment to a patient across a desk'),
} satisfies Record<string, Img>;

export const aboutImages = {
  clinicTeam: img('/images/about/clinic-team.svg', 640, 520, 'Three smiling clinicians standing together in front of the clinic'),
  approach: img('/images/about/approach.svg', 640, 520, 'Our approach in three steps: an assessment checklist, spinal care and lasting wellbeing'),
} satisfies Record<string, Img>;

const service = (slug: string, alt: string): Img => img(`/images/services/${slug}.svg`, 480, 360, alt);

export const serviceImages = {
  chiropracticTherapy: service('chiropractic-therapy', 'A chiropractor applying gentle hands-on pressure to the back of a patient lying on a treatment table'),
  vertebralSubluxation: service('vertebral-subluxation', 'Close-up of spinal vertebrae with one misaligned vertebra highlighted and being guided back into place'),
  radiculopathyParaesthesia: service('radiculopathy-paraesthesia', 'Nerves running from the spine into a hand, with tingling sparks around the fingers'),
  wellnessCare: service('wellness-care', 'A person meditating cross-legged among leaves, with a small heart above'),
  rehabilitationTherapy: service('rehabilitation-therapy', 'A patient pulling a resistance band while a therapist with a clipboard guides the exercise'),
  homeCare: service('home-care', 'A clinician with a medical bag waving outside a patient’s home'),
  eyePoint: service('eye-point', 'A large eye beside a vision chart and a pair of glasses'),
  olderCare: service('older-care', 'A caregiver supporting an older man who walks with a cane'),
  dentalCare: service('dental-care', 'A smiling tooth with a toothbrush and a protective shield'),
} satisfies Record<string, Img>;

const patient = (n: number, alt: string): Img => img(`/images/people/patient-${n}.svg`, 160, 160, alt);

/** Order matches the testimonials in ./testimonials.ts. */
export const patientImages: Img[] = [
  patient(1, 'Illustrated avatar of a smiling young woman with an afro'),
  patient(2, 'Illustrated avatar of an older man with a grey beard'),
  patient(3, 'Illustrated avatar of a smiling woman in a teal head wrap'),
  patient(4, 'Illustrated avatar of a young man wearing glasses'),
];

const blog = (n: number, alt: string): Img => img(`/images/blog/post-${n}.svg`, 800, 500, alt);

export const blogImages: Img[] = [
  blog(1, 'A man sitting upright at a desk with his screen at eye level, his spine in a straight line'),
  blog(2, 'A woman doing a bridge exercise on a mat to ease lower back pain'),
  blog(3, 'Two people using phones: one hunched over with the neck bent forward, one holding the phone at eye level'),
  blog(4, 'A person sleeping on their side with a supportive pillow keeping the spine straight'),
  blog(5, 'A chiropractor gently adjusting the neck of a patient lying on a treatment table'),
  blog(6, 'Two friends walking briskly along a path through green hills'),
  blog(7, 'A pregnant woman supporting her lower back, with an exercise ball beside her'),
  blog(8, 'Two children wearing their school backpacks correctly on both shoulders'),
  blog(9, 'A jug and glass of water beside a salad bowl and fresh fruit'),
];

const gallery = (n: number, alt: string): Img => img(`/images/gallery/gallery-${n}.svg`, 600, 600, alt);

export const galleryImages: Img[] = [
  gallery(1, 'A calm treatment room with a padded table, a spine chart and plants'),
  gallery(2, 'A receptionist smiling behind the clinic’s front desk'),
  gallery(3, 'A life-size spine model on a stand'),
  gallery(4, 'A man stretching a resistance band across his chest during rehabilitation'),
  gallery(5, 'A dental chair with an overhead lamp and instrument tray'),
  gallery(6, 'Bright surgical lights seen from below in an operating room'),
  gallery(7, 'A brain surrounded by a network of connected nerves'),
  gallery(8, 'A therapist giving a back massage to a patient lying on a massage table'),
  gallery(9, 'A spine x-ray on an illuminated viewing box'),
  gallery(10, 'Shelves of potted plants in a sunny wellness corner'),
  gallery(11, 'A patient and a doctor talking together at a round table'),
  gallery(12, 'Three people doing side stretches on mats in a group class'),
];

const department = (slug: string, alt: string): Img => img(`/images/departments/${slug}.svg`, 480, 360, alt);

export const departmentImages = {
  surgery: department('surgery', 'An operating table under two surgical lights, with a heart-rate monitor'),
  dental: department('dental', 'A dental chair with an examination lamp and a tooth on the screen'),
  neurology: department('neurology', 'A head in profile showing the brain connected to a network of nerves'),
  orthopedics: department('orthopedics', 'An x-ray of a knee joint next to an arm in a cast'),
  eyeCare: department('eye-care', 'An eye-testing instrument beside a pair of glasses'),
  familyCare: department('family-care', 'A family of four standing together under a heart-shaped home'),
} satisfies Record<string, Img>;

const product = (n: number, alt: string): Img => img(`/images/products/product-${n}.svg`, 600, 600, alt);

export const productImages: Img[] = [
  product(1, 'Lumbar support cushion with an adjustable strap'),
  product(2, 'Contoured cervical pillow for neck support'),
  product(3, 'Textured foam roller'),
  product(4, 'Set of three resistance band loops'),
  product(5, 'Posture corrector brace shown on a mannequin'),
  product(6, 'Hot and cold therapy gel packs'),
  product(7, 'Set of massage balls, including a spiky ball and a peanut ball'),
  product(8, 'Ergonomic seat wedge cushion with a tailbone cut-out'),
  product(9, 'Rolled yoga mat with carry straps'),
];

export const sponsorImages: Img[] = [1, 2, 3, 4, 5, 6].map((n) =>
  img(`/images/sponsors/sponsor-${n}.svg`, 200, 80, `Partner logo: Fictional Health Partner ${n}`),
);

export const miscImages = {
  logoMark: img('/images/misc/logo-mark.svg', 48, 48, 'Clinic logo: a stylised spine with a sprouting leaf'),
  signature: img('/images/misc/signature.svg', 240, 80, 'Handwritten signature of the head doctor'),
  /** Decorative background texture: empty alt on purpose. */
  patternDots: img('/images/misc/pattern-dots.svg', 200, 200, ''),
  videoCover: img('/images/misc/video-cover.svg', 960, 540, 'A clinician in a bright treatment room, introducing our clinic video'),
  newsletter: img('/images/misc/newsletter.svg', 480, 360, 'An open envelope with a letter and a leaf'),
  cta: img('/images/misc/cta.svg', 640, 400, 'A friendly doctor in a white coat waving hello'),
  notFound: img('/images/misc/not-found.svg', 480, 360, 'A confused cartoon spine holding a map, lost off the dotted path'),
} satisfies Record<string, Img>;
