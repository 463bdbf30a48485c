import type { Img } from './types';

export interface Testimonial {
  id: string;
  name: string;
  role: string;
  quote: string;
  img: Img;
}

const avatar = (n: number, name: string): Img => ({ src: `/images/people/patient-${n}.svg`, width: 160, height: 160, alt: `Illustrated portrait of ${name}` });

/** Sample patient stories; the clinic replaces them with real, consented testimonials. */
export const testimonials: readonly Testimonial[] = [
  {
    id: 'amaka',
    name: 'Amaka O.',
    role: 'Bank officer, Garki',
    quote: 'After years of stiffness from sitting at a desk, I finally understand my posture. The team explained every step and my neck feels freer than it has in a long time.',
    img: avatar(1, 'Amaka O.'),
  },
  {
    id: 'yusuf',
    name: 'Yusuf A.',
    role: 'Driver, Kubwa',
    quote: 'Long hours on the road left me with a sore lower back. The exercises they gave me are simple and I do them every morning now. Very respectful and on time.',
    img: avatar(2, 'Yusuf A.'),
  },
  {
    id: 'grace',
    name: 'Grace E.',
    role: 'Teacher, Maitama',
    quote: 'I came in after a fall and was nervous about treatment. They were gentle, patient and never rushed me. The rehabilitation plan helped me get back to the classroom.',
    img: avatar(3, 'Grace E.'),
  },
  {
    id: 'emeka',
    name: 'Emeka N.',
    role: 'Software developer, Wuse',
    quote: 'Clear advice about my work set-up and sleep made as much difference as the sessions themselves. I would recommend them to anyone with back trouble.',
    img: avatar(4, 'Emeka N.'),
  },
];
