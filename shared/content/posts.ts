import { blogImages } from './images';
import type { Img } from './types';

/** A post's summary: what lists, cards and the post's head show. Its body is in post-bodies.ts, loaded only by the post pages. */
export interface Post {
  slug: string;
  title: string;
  excerpt: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  /** A member of the clinic team (shared/clinic/team.ts). */
  author: string;
  comments: number;
  img: Img;
  category: string;
  tags: readonly string[];
  /** Approximate reading time in minutes. */
  readingMinutes: number;
}

/** Illustration n (1..9) of public/images/blog/ (800x500), from the image manifest. */
const postImg = (n: number): Img => blogImages[n - 1]!;

/** Sample posts, newest first. Authors are the clinic team's sample names. */
export const posts: readonly Post[] = [
  {
    slug: 'healthy-eating-and-hydration-for-your-spine',
    title: 'Eating well and drinking enough water: small habits your back will thank you for',
    excerpt:
      'Your spinal discs are mostly water and your muscles run on what you eat. A few simple, affordable habits that support how you feel and move through the day.',
    date: '2026-11-10',
    author: 'Dr. Ibrahim Musa',
    comments: 4,
    img: postImg(9),
    category: 'Wellness',
    tags: ['Nutrition', 'Hydration', 'Healthy habits'],
    readingMinutes: 5,
  },
  {
    slug: 'childrens-backpacks-and-posture',
    title: 'School bags and growing backs: how to pack and carry a backpack well',
    excerpt:
      'Heavy, badly worn school bags are one of the most common things parents ask us about. Here is how to choose, pack and adjust a backpack so your child carries it comfortably.',
    date: '2026-10-28',
    author: 'Dr. Funmilayo Adeyemi',
    comments: 6,
    img: postImg(8),
    category: 'Family care',
    tags: ['Children', 'Posture', 'Healthy habits'],
    readingMinutes: 4,
  },
  {
    slug: 'caring-for-your-back-during-pregnancy',
    title: 'Caring for your back during pregnancy',
    excerpt:
      'As your body changes, your posture and the way you move change too. Gentle ways to stay comfortable through each trimester, and when to ask for help.',
    date: '2026-10-14',
    author: 'Dr. Adaeze Okafor',
    comments: 8,
    img: postImg(7),
    category: 'Family care',
    tags: ['Pregnancy', 'Lower back', 'Posture'],
    readingMinutes: 6,
  },
  {
    slug: 'walking-your-way-to-a-healthier-back',
    title: 'Walking your way to a healthier back',
    excerpt:
      'Walking is free, gentle and one of the most useful things you can do for your spine. How to start, how far to go and how to keep it going in a busy week.',
    date: '2026-09-30',
    author: 'Chinedu Eze',
    comments: 5,
    img: postImg(6),
    category: 'Exercise',
    tags: ['Exercise', 'Active lifestyle', 'Healthy habits'],
    readingMinutes: 5,
  },
  {
    slug: 'your-first-chiropractic-adjustment-what-to-expect',
    title: 'Your first chiropractic adjustment: what to expect',
    excerpt:
      'Nervous about your first visit? We walk you through the consultation, the examination, what an adjustment feels like and what happens afterwards.',
    date: '2026-09-16',
    author: 'Dr. Adaeze Okafor',
    comments: 12,
    img: postImg(5),
    category: 'Chiropractic care',
    tags: ['Chiropractic', 'First visit', 'Adjustments'],
    readingMinutes: 6,
  },
  {
    slug: 'sleeping-position-and-choosing-a-pillow',
    title: 'Sleeping position and choosing the right pillow',
    excerpt:
      'Waking up stiff? Your sleeping position and pillow may play a part. Practical tips for back, side and stomach sleepers, and what to look for in a pillow and mattress.',
    date: '2026-09-02',
    author: 'Tunde Bakare',
    comments: 7,
    img: postImg(4),
    category: 'Wellness',
    tags: ['Sleep', 'Neck pain', 'Healthy habits'],
    readingMinutes: 5,
  },
  {
    slug: 'text-neck-phone-use-and-neck-pain',
    title: 'Text neck: what your phone habits may be doing to your neck',
    excerpt:
      'Looking down at a phone for hours adds up. Why a forward head posture can leave your neck and shoulders sore, and easy changes to make today.',
    date: '2026-08-19',
    author: 'Dr. Funmilayo Adeyemi',
    comments: 9,
    img: postImg(3),
    category: 'Posture',
    tags: ['Neck pain', 'Posture', 'Technology'],
    readingMinutes: 4,
  },
  {
    slug: 'gentle-exercises-for-lower-back-pain-relief',
    title: 'Gentle exercises for everyday lower back pain',
    excerpt:
      'Most lower back pain settles with time and movement. Five gentle exercises our rehabilitation team often recommends, and how to do them safely.',
    date: '2026-08-05',
    author: 'Chinedu Eze',
    comments: 11,
    img: postImg(2),
    category: 'Exercise',
    tags: ['Lower back', 'Exercise', 'Stretching'],
    readingMinutes: 6,
  },
  {
    slug: 'better-posture-at-your-desk',
    title: 'Better posture at your desk: a simple workstation check',
    excerpt:
      'Long hours at a desk can leave your neck, shoulders and lower back aching. A five-minute check of your chair, screen and habits that makes the working day easier.',
    date: '2026-07-22',
    author: 'Dr. Funmilayo Adeyemi',
    comments: 10,
    img: postImg(1),
    category: 'Posture',
    tags: ['Posture', 'Workplace', 'Neck pain'],
    readingMinutes: 5,
  },
];

/** The post with this slug, if any. */
export function findPost(slug: string): Post | undefined {
  return posts.find((p) => p.slug === slug);
}

/** The newest post (the default for the detail pages). */
export const latestPost: Post = posts[0]!;

/** Posts carrying this tag (case-insensitive), newest first. */
export function postsByTag(tag: string): Post[] {
  const t = tag.trim().toLowerCase();
  return posts.filter((p) => p.tags.some((x) => x.toLowerCase() === t));
}

/** Posts in this category (case-insensitive), newest first. */
export function postsByCategory(category: string): Post[] {
  const c = category.trim().toLowerCase();
  return posts.filter((p) => p.category.toLowerCase() === c);
}

/** Posts whose title or excerpt contains every word of the query (case-insensitive). */
export function searchPosts(query: string): Post[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...posts];
  return posts.filter((p) => {
    const hay = `${p.title} ${p.excerpt}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** Every tag used, in order of first appearance. */
export const allTags: readonly string[] = [...new Set(posts.flatMap((p) => p.tags))];

/** Each category with its number of posts, in order of first appearance. */
export const categories: readonly { name: string; count: number }[] = [
  ...posts.reduce((m, p) => m.set(p.category, (m.get(p.category) ?? 0) + 1), new Map<string, number>()),
].map(([name, count]) => ({ name, count }));

/** The posts before (older) and after (newer) this one, for previous/next links. */
export function adjacentPosts(slug: string): { previous: Post | undefined; next: Post | undefined } {
  const i = posts.findIndex((p) => p.slug === slug);
  if (i < 0) return { previous: undefined, next: undefined };
  return { previous: posts[i + 1], next: i > 0 ? posts[i - 1] : undefined };
}

/** "22 Jul 2026", formatted the same on server and client. */
export function formatPostDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[(m ?? 1) - 1]} ${y}`;
}
