import { productImages } from './images';
import type { Img } from './types';

/** An amount of money in cents, so sums never drift (16500 = $165.00). */
export type Cents = number;

export interface ProductFact {
  label: string;
  value: string;
}

/** A sample product of the demonstration shop. */
export interface Product {
  id: number;
  /** Stable key for URLs: /shopDetails?product=<slug>. */
  slug: string;
  name: string;
  category: string;
  price: Cents;
  oldPrice?: Cents;
  /** Average rating out of 5. */
  rating: number;
  /** 1 is the best seller ('Top Sales'). */
  salesRank: number;
  /** ISO date the product was added ('New Product' sorts newest first). */
  dateAdded: string;
  inStock: boolean;
  img: Img;
  /** One sentence for the product cards. */
  summary: string;
  /** Paragraphs for the Description tab. */
  description: readonly string[];
  /** Rows for the Additional information tab. */
  additionalInformation: readonly ProductFact[];
}

function image(index: number): Img {
  const found = productImages[index - 1];
  if (!found) throw new Error(`No product image ${index}`);
  return found;
}

export const products: readonly Product[] = [
  {
    id: 1,
    slug: 'lumbar-support-cushion',
    name: 'Lumbar Support Cushion',
    category: 'Posture',
    price: 5000,
    oldPrice: 6500,
    rating: 4.7,
    salesRank: 2,
    dateAdded: '2024-03-04',
    inStock: true,
    img: image(1),
    summary: 'A contoured memory-foam cushion that supports the natural curve of your lower back at a desk or in the car.',
    description: [
      'Long hours at a desk or in Abuja traffic tend to flatten the lower back. This cushion fills the gap between your lumbar spine and the chair, so sitting upright takes less effort.',
      'The adjustable strap keeps it at the right height on office chairs and car seats. It is a comfort aid, not a treatment: if sitting is painful, ask one of our chiropractors to assess you first.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'Medium-firm memory foam, breathable mesh cover' },
      { label: 'Dimensions', value: '35 × 33 × 12 cm' },
      { label: 'Weight', value: '0.9 kg' },
      { label: 'Care', value: 'Removable cover, machine washable at 30 °C' },
    ],
  },
  {
    id: 2,
    slug: 'cervical-pillow',
    name: 'Cervical Contour Pillow',
    category: 'Sleep',
    price: 16500,
    oldPrice: 19000,
    rating: 4.8,
    salesRank: 1,
    dateAdded: '2023-11-20',
    inStock: true,
    img: image(2),
    summary: 'A contoured pillow that keeps the neck in line with the spine whether you sleep on your back or your side.',
    description: [
      'The raised edges cradle the neck while the lower centre lets the head rest without tipping forward. Many patients who wake with a stiff neck find a better-shaped pillow is a simple first change.',
      'Give yourself a week or two to get used to a contoured pillow. Our team is happy to check whether the height suits your shoulders at your next visit.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'Slow-recovery memory foam, bamboo-viscose cover' },
      { label: 'Dimensions', value: '60 × 35 × 11/9 cm' },
      { label: 'Weight', value: '1.4 kg' },
      { label: 'Care', value: 'Air the foam monthly; cover washable at 40 °C' },
    ],
  },
  {
    id: 3,
    slug: 'foam-roller',
    name: 'Textured Foam Roller',
    category: 'Recovery',
    price: 3500,
    rating: 4.5,
    salesRank: 4,
    dateAdded: '2024-05-12',
    inStock: true,
    img: image(3),
    summary: 'A firm, textured roller for easing tight thighs, calves and upper back after exercise.',
    description: [
      'Slow rolling over tight muscles can help you feel looser after a run or a long day on your feet. The raised pattern gives a little more pressure than a smooth roller.',
      'Avoid rolling directly over the lower back or any joint, and stop if something feels sharp. Our rehabilitation therapists can show you a routine that fits your plan.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'High-density EVA foam over a hollow core' },
      { label: 'Dimensions', value: '33 cm long, 14 cm diameter' },
      { label: 'Weight', value: '0.6 kg' },
      { label: 'Care', value: 'Wipe clean with a damp cloth' },
    ],
  },
  {
    id: 4,
    slug: 'resistance-bands',
    name: 'Resistance Band Set',
    category: 'Exercise',
    price: 2800,
    oldPrice: 3400,
    rating: 4.4,
    salesRank: 3,
    dateAdded: '2024-01-18',
    inStock: true,
    img: image(4),
    summary: 'Three loop bands in light, medium and firm resistance for the home exercises your therapist sets.',
    description: [
      'Bands make it easy to keep up strengthening work between visits: hip, shoulder and core exercises need little space and no equipment beyond these loops.',
      'Start with the lightest band and move up only when an exercise feels comfortable for the full set. Each set comes with a printed card of beginner exercises.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'Natural latex' },
      { label: 'Resistance', value: 'Light, medium and firm' },
      { label: 'Size', value: '60 cm loop, 5 cm wide' },
      { label: 'Note', value: 'Contains latex; not suitable for people with a latex allergy' },
    ],
  },
  {
    id: 5,
    slug: 'posture-corrector-brace',
    name: 'Posture Corrector Brace',
    category: 'Posture',
    price: 4500,
    rating: 4.1,
    salesRank: 7,
    dateAdded: '2023-09-02',
    inStock: false,
    img: image(5),
    summary: 'A light figure-of-eight brace that reminds your shoulders to stay back during desk work.',
    description: [
      'This brace is a gentle reminder rather than a support to lean on: wear it for short periods while you build the habit of sitting tall.',
      'We suggest no more than an hour or two a day, alongside the strengthening exercises in your care plan. Ask us before use if you have shoulder or rib pain.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'Breathable neoprene with padded straps' },
      { label: 'Sizes', value: 'S/M (chest 70–95 cm), L/XL (chest 95–120 cm)' },
      { label: 'Weight', value: '0.2 kg' },
      { label: 'Care', value: 'Hand wash cold, dry flat' },
    ],
  },
  {
    id: 6,
    slug: 'hot-cold-therapy-pack',
    name: 'Hot & Cold Therapy Pack',
    category: 'Recovery',
    price: 2200,
    rating: 4.6,
    salesRank: 5,
    dateAdded: '2024-06-01',
    inStock: true,
    img: image(6),
    summary: 'Two reusable gel packs you can chill or warm, with soft sleeves to protect the skin.',
    description: [
      'Cold is often used for a fresh strain in the first couple of days; warmth can feel soothing for stiff, tight muscles later on. Your clinician can tell you which suits your situation.',
      'Always use the fabric sleeve, limit each session to about 15–20 minutes and check your skin regularly.',
    ],
    additionalInformation: [
      { label: 'Contents', value: '2 gel packs, 2 fleece sleeves' },
      { label: 'Pack size', value: '26 × 15 cm' },
      { label: 'Heating', value: 'Warm water or microwave, following the leaflet' },
      { label: 'Cooling', value: 'Freezer, at least 2 hours' },
    ],
  },
  {
    id: 7,
    slug: 'massage-ball-set',
    name: 'Massage Ball Set',
    category: 'Recovery',
    price: 1800,
    oldPrice: 2400,
    rating: 4.3,
    salesRank: 6,
    dateAdded: '2024-04-09',
    inStock: true,
    img: image(7),
    summary: 'A spiky ball, a firm ball and a peanut ball for feet, shoulders and the muscles beside the spine.',
    description: [
      'Small balls reach spots a foam roller cannot: the soles of the feet, between the shoulder blades, the muscles of the hip.',
      'The peanut shape lets you roll either side of the spine without pressing on the bones themselves. Use gentle pressure and keep moving.',
    ],
    additionalInformation: [
      { label: 'Contents', value: 'Spiky ball (8 cm), firm ball (6.5 cm), peanut ball (16 cm)' },
      { label: 'Material', value: 'Silicone and natural rubber' },
      { label: 'Weight', value: '0.4 kg' },
      { label: 'Care', value: 'Wash with mild soap and water' },
    ],
  },
  {
    id: 8,
    slug: 'ergonomic-seat-wedge',
    name: 'Ergonomic Seat Wedge',
    category: 'Posture',
    price: 6000,
    rating: 4.2,
    salesRank: 8,
    dateAdded: '2024-02-26',
    inStock: true,
    img: image(8),
    summary: 'A sloped seat cushion with a tailbone cut-out that tilts the pelvis forward for easier upright sitting.',
    description: [
      'A gentle forward tilt of the seat helps the lower back keep its natural curve, and the cut-out takes pressure off the tailbone on hard chairs.',
      'It works well with the Lumbar Support Cushion for people who spend the day at a desk.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'Memory foam with a non-slip base' },
      { label: 'Dimensions', value: '45 × 40 × 7/2 cm' },
      { label: 'Weight', value: '1.1 kg' },
      { label: 'Care', value: 'Removable cover, machine washable at 30 °C' },
    ],
  },
  {
    id: 9,
    slug: 'yoga-mat',
    name: 'Cushioned Yoga Mat',
    category: 'Exercise',
    price: 4000,
    oldPrice: 4800,
    rating: 4.6,
    salesRank: 9,
    dateAdded: '2024-06-18',
    inStock: true,
    img: image(9),
    summary: 'A 6 mm non-slip mat with carry straps, for stretching, mobility work and home exercise.',
    description: [
      'A thicker mat keeps knees and hips comfortable during floor exercises, and the textured surface stays put on tiles.',
      'Roll it out for the stretches in your care plan, or bring it to one of our group mobility sessions.',
    ],
    additionalInformation: [
      { label: 'Material', value: 'TPE, free of PVC and latex' },
      { label: 'Dimensions', value: '183 × 61 cm, 6 mm thick' },
      { label: 'Weight', value: '1.0 kg' },
      { label: 'Care', value: 'Wipe with a damp cloth and air dry' },
    ],
  },
];

export function productById(id: number): Product {
  const found = products.find((p) => p.id === id);
  if (!found) throw new Error(`No product ${id}`);
  return found;
}

export function productBySlug(slug: string): Product | undefined {
  return products.find((p) => p.slug === slug);
}
