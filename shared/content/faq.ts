export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

export const faqIntro = {
  eyebrow: 'Questions',
  title: 'Frequently asked questions',
  intro: 'If your question is not here, call or e-mail us. We are happy to talk it through before you book.',
};

/** FAQ accordion (spec: first item open by default). */
export const faqs: readonly FaqItem[] = [
  {
    id: 'first-visit',
    question: 'What happens at my first visit?',
    answer:
      'We start with a conversation about your symptoms, health history and daily routine, then a gentle physical and posture examination. We explain what we find and agree a plan with you before any treatment begins. Allow about 45 minutes.',
  },
  {
    id: 'referral',
    question: 'Do I need a referral from a doctor?',
    answer:
      'No, you can book directly. If you have recent scans, reports or a letter from your doctor, please bring them. If anything in your assessment needs another specialist, we will tell you and help with the referral.',
  },
  {
    id: 'adjustment',
    question: 'Does a chiropractic adjustment hurt?',
    answer:
      'Most people find adjustments comfortable. You may hear a small click, which is gas released from the joint. Some people feel mild soreness for a day, much like after exercise. We always use the gentlest technique that suits you, and you can ask us to stop at any time.',
  },
  {
    id: 'how-many',
    question: 'How many sessions will I need?',
    answer:
      'It depends on your condition, how long you have had it and your goals. We review your progress at each visit and tell you honestly when you can space visits out or stop.',
  },
  {
    id: 'what-to-wear',
    question: 'What should I wear?',
    answer: 'Comfortable clothes you can move and bend in, such as trousers or leggings and a T-shirt. We have gowns if you need one.',
  },
];
