/**
 * The five services' names (spec section 3): what the layout, the route table and
 * the home page need, without the detail pages' copy, so first loads stay small.
 */
export interface ServiceName {
  /** The route id, "1" to "5". */
  id: '1' | '2' | '3' | '4' | '5';
  slug: string;
  title: string;
  /** One or two sentences for cards and lists. */
  summary: string;
}

export const serviceNames: readonly ServiceName[] = [
  { id: '1', slug: 'chiropractic-therapy', title: 'Chiropractic Therapy', summary: 'Gentle, hands-on adjustments that help your spine and joints move the way they should.' },
  { id: '2', slug: 'vertebral-subluxation', title: 'Vertebral Subluxation', summary: 'Assessment and care for spinal segments that are not moving or aligned as they should.' },
  { id: '3', slug: 'radiculopathy-paraesthesia', title: 'Radiculopathy & Paraesthesia', summary: 'Care for nerve-related pain, tingling and numbness that travels into the arms or legs.' },
  { id: '4', slug: 'wellness-care', title: 'Wellness Care', summary: 'Regular check-ups, posture coaching and lifestyle advice to keep you moving well.' },
  { id: '5', slug: 'rehabilitation-therapy', title: 'Rehabilitation Therapy', summary: 'Guided exercise and hands-on care to rebuild strength after injury or surgery.' },
];
