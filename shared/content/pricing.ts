/** A membership plan of the pricing tabs (spec sections 3 and 9: title, price, feature list). */
export interface PricingPlan {
  id: 'basic' | 'advance' | 'team';
  title: string;
  /** Price in US dollars, as the spec gives it. */
  price: number;
  features: readonly string[];
  /** Highlight this plan as the most chosen one. */
  featured?: boolean;
}

export type BillingPeriod = 'monthly' | 'yearly';

const features = {
  basic: ['Posture and spine assessment', 'One chiropractic session a month', 'Personal home-exercise sheet', 'Reminders by e-mail or SMS'],
  advance: ['Everything in Basic', 'Two sessions a month, chiropractic or soft-tissue', 'Progress review every three months', 'Priority booking for evenings'],
  team: ['Workplace posture talk for up to 20 staff', 'Desk and lifting set-up review on site', 'Individual check-ups at the clinic', 'One named coordinator for your company'],
} as const satisfies Record<PricingPlan['id'], readonly string[]>;

/** Pricing plans per billing period (spec section 9). */
export const pricing: Record<BillingPeriod, readonly PricingPlan[]> = {
  monthly: [
    { id: 'basic', title: 'Basic', price: 57.89, features: features.basic },
    { id: 'advance', title: 'Advance', price: 88.9, features: features.advance, featured: true },
    { id: 'team', title: 'Team', price: 350.89, features: features.team },
  ],
  yearly: [
    { id: 'basic', title: 'Basic', price: 75.89, features: features.basic },
    { id: 'advance', title: 'Advance', price: 95.9, features: features.advance, featured: true },
    { id: 'team', title: 'Team', price: 450.89, features: features.team },
  ],
};

export const billingPeriods: readonly { id: BillingPeriod; label: string; unit: string }[] = [
  { id: 'monthly', label: 'Monthly', unit: 'month' },
  { id: 'yearly', label: 'Yearly', unit: 'year' },
];

/** "$57.89": always two decimals, the same on server and client. */
export function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

export const pricingIntro = {
  eyebrow: 'Membership plans',
  title: 'Simple plans for regular care',
  intro: 'Plans suit people who already know their care plan and want regular visits. Your first assessment tells us whether a plan makes sense for you.',
  note: 'Prices are in US dollars. Any treatment is agreed with you at the clinic first; you can stop a plan at any time.',
};
