import { sponsorImages } from './images';
import type { Img } from './types';

export interface Sponsor {
  id: string;
  name: string;
  img: Img;
}

/** Sample partner logos (the spec calls them placeholder sponsors); the clinic replaces them. */
export const sponsors: readonly Sponsor[] = sponsorImages.map((img, i) => ({
  id: `sponsor-${i + 1}`,
  name: `Fictional Health Partner ${i + 1}`,
  img,
}));

export const sponsorsIntro = {
  eyebrow: 'Partners',
  title: 'Working alongside trusted partners',
};
