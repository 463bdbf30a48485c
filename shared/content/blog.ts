import { galleryImages, miscImages, patientImages } from './images';
import type { Img } from './types';

/** Posts per page of the blog lists: 9 sample posts make the three pages of the paging strip (01, 02, 03). */
export const POSTS_PER_PAGE = 4;

export interface BlogQuote {
  text: string;
  cite: string;
  role: string;
}

/** The quote card of the blog lists. */
export const blogQuote: BlogQuote = {
  text: 'Small, steady changes, like standing up every half hour, walking after dinner and sleeping on a good pillow, often matter more for your back than any single treatment.',
  cite: 'Dr. Adaeze Okafor',
  role: 'Head Doctor',
};

/**
 * An audio track on a sound hosting service. The page URL is a sample the clinic replaces
 * with its own; the player (an iframe from w.soundcloud.com) loads only when the visitor asks.
 */
export interface AudioTrack {
  title: string;
  description: string;
  /** Public page of the track on soundcloud.com. */
  url: string;
  duration: string;
}

export const audioTrack: AudioTrack = {
  title: 'The posture minute: a one-minute desk reset',
  description: 'A short guided routine to loosen your neck and shoulders between meetings, read by our chiropractic associate.',
  url: 'https://soundcloud.com/example-clinic/the-posture-minute',
  duration: '1:05',
};

export function soundCloudEmbedUrl(trackUrl: string): string {
  return `https://w.soundcloud.com/player/?url=${encodeURIComponent(trackUrl)}&color=%230e5a63&auto_play=true&hide_related=true&show_comments=false&show_reposts=false&visual=false`;
}

/** The video of the video post (privacy-enhanced YouTube host; loads only on click). */
export const postVideo = {
  id: 'ScMzIvxBSi4',
  title: 'Video: what to expect at your first appointment',
  cover: miscImages.videoCover,
} as const;

export function youTubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1&rel=0`;
}

/** Two clinic photographs shown inside a post body. */
export const postFigureImages: readonly [Img, Img] = [galleryImages[0]!, galleryImages[2]!];

/** The images of the gallery post (none repeats a figure above). */
export const postGalleryImages: readonly Img[] = [1, 3, 7, 8, 10, 11].map((i) => galleryImages[i]!);

export interface SampleComment {
  name: string;
  date: string;
  avatar: Img;
  text: string;
}

/** Three sample comments shown under every post. */
export const sampleComments: readonly SampleComment[] = [
  {
    name: 'Amaka O.',
    date: '2026-11-12',
    avatar: patientImages[0]!,
    text: 'Thank you for this. I work long hours at a laptop and tried the screen height tip this week; my shoulders already feel less tight by the evening.',
  },
  {
    name: 'Yusuf A.',
    date: '2026-11-13',
    avatar: patientImages[1]!,
    text: 'Clear and practical. Could you write something about driving posture too? I spend two hours a day in Abuja traffic.',
  },
  {
    name: 'Grace E.',
    date: '2026-11-15',
    avatar: patientImages[2]!,
    text: 'I appreciate that you say when to see a doctor instead of promising quick fixes. Sharing this with my mother.',
  },
];

/** The "about" block of the blog sidebar. */
export const blogAbout = {
  title: 'About our blog',
  text: 'Practical, careful advice on posture, back and neck pain, movement and everyday wellness from the clinicians at our Wuse II clinic. It is general information, not a diagnosis: for advice about your own health, book an assessment.',
  img: miscImages.cta,
};

/** The banner at the bottom of the blog sidebar. */
export const blogBanner = {
  title: 'Back or neck pain holding you back?',
  text: 'Talk to our team about an assessment and a plan that fits your life.',
  cta: 'Contact us',
  href: '/contact',
};
