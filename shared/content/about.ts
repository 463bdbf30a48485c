import { aboutImages, miscImages } from './images';
import { site } from './site';
import type { Img } from './types';

/** A YouTube video played in the video popup. Sample ids; the clinic replaces them with its own videos. */
export interface Video {
  /** YouTube video id. */
  id: string;
  /** Names the video in the play button and the dialog. */
  title: string;
  cover: Img;
}

/** The two videos of the spec ("a video popup (two video ids)"). */
export const videos = {
  about: { id: 'aqz-KE-bpKQ', title: 'A short tour of our clinic', cover: miscImages.videoCover },
  appointment: { id: 'ScMzIvxBSi4', title: 'What to expect at your first appointment', cover: miscImages.videoCover },
} as const satisfies Record<string, Video>;

export interface AboutIntroContent {
  eyebrow: string;
  title: string;
  paragraphs: readonly string[];
  points: readonly string[];
  cta?: { label: string; to: string };
}

const years = site.copyrightYear - site.foundedYear;

export const aboutIntro: AboutIntroContent = {
  eyebrow: 'About us',
  title: 'A calm, careful clinic for your spine and wellbeing',
  paragraphs: [
    `${site.name} has cared for people in Abuja since ${site.foundedYear}. We focus on prevention and wellness: helping you understand your back and neck, move with more ease, and build habits that keep you active.`,
    'Every plan starts with listening. We explain what we find in plain language, agree goals with you and keep treatment as gentle as it can be.',
  ],
  points: ['Registered healthcare company since ' + site.foundedYear, `${years} years of chiropractic and rehabilitation care`, 'Clear plans, reviewed at every visit', 'Referral to specialists whenever it is needed'],
  cta: { label: 'Meet the team', to: '/doctors' },
};

export const appointmentAbout: AboutIntroContent = {
  eyebrow: 'Before you book',
  title: 'Your first visit, step by step',
  paragraphs: [
    'Your first appointment takes about 45 minutes. We talk about your symptoms and routine, carry out a gentle examination, and explain what we found before suggesting any care.',
    'Bring any recent scans or letters from your doctor, and wear comfortable clothes you can move in.',
  ],
  points: ['A conversation before any treatment', 'Posture and movement assessment', 'A written plan you can take home'],
};

export const approach = {
  eyebrow: 'Our approach',
  title: 'Assess, treat gently, keep you moving',
  img: aboutImages.approach,
  steps: [
    { title: 'Assess', text: 'A full history and a careful examination of posture, movement and nerves, so we understand the cause and not only the pain.' },
    { title: 'Treat gently', text: 'Hands-on chiropractic care, soft-tissue work and exercise, always explained first and adjusted to how you feel.' },
    { title: 'Keep moving', text: 'Simple routines for home and work, so improvements last and you need us less over time.' },
  ],
} as const;

export const callToAction = {
  eyebrow: 'Ready when you are',
  title: 'Back or neck pain holding you back?',
  text: 'Book an assessment and leave with a clear explanation and a plan you understand. Questions first? Call us.',
  img: miscImages.cta,
  cta: { label: 'Make Appointment', to: '/contact' },
} as const;

export interface AnalysisTab {
  id: string;
  label: string;
  title: string;
  text: string;
  points: readonly string[];
}

/** About page analysis tabs (spec section 4; the first is active). */
export const analysisTabs: readonly AnalysisTab[] = [
  {
    id: 'industry',
    label: 'Industry analysis',
    title: 'Why back and neck care matters in Abuja',
    text: 'Long commutes, office work and time on phones mean more people live with back and neck pain at a young age. Preventive care and early advice help many of them stay active without relying on painkillers.',
    points: ['Desk and screen work keeps growing', 'Many people wait too long before asking for help', 'Prevention costs less than long-term treatment'],
  },
  {
    id: 'commitment',
    label: 'Our commitment',
    title: 'What you can expect from us',
    text: 'Honest explanations, gentle treatment and respect for your time. We never push long treatment packages, and we tell you when another specialist can help you better.',
    points: ['Appointments that start on time', 'Plans agreed with you, never imposed', 'Your records kept private and secure'],
  },
  {
    id: 'start',
    label: 'how we start care?',
    title: 'How we start your care',
    text: 'Care starts with a conversation and a careful assessment. Only when we both understand the problem do we agree a plan, and we review it at every visit.',
    points: ['Conversation and health history', 'Physical, posture and nerve examination', 'A written plan with clear milestones'],
  },
];

export const teamIntro = { eyebrow: 'Our team', title: 'The people behind your care' };
