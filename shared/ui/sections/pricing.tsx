import { Link } from '../link';
import { billingPeriods, formatPrice, pricing, pricingIntro, type BillingPeriod, type PricingPlan } from '../../content/pricing';
import { Icon } from '../icons';
import { Section } from '../section';
import { Tabs } from '../tabs';
import './clinic-sections.css';

function PlanCard({ plan, unit }: { plan: PricingPlan; unit: string }) {
  return (
    <li className={`plan${plan.featured ? ' plan--featured' : ''}`}>
      {plan.featured && <p className="plan__badge">Most chosen</p>}
      <h3 className="plan__title">{plan.title}</h3>
      <p className="plan__price">
        <span className="plan__amount">{formatPrice(plan.price)}</span> <span className="plan__unit">/{unit}</span>
      </p>
      <ul className="check-list plan__features">
        {plan.features.map((f) => (
          <li key={f}>
            <Icon name="check" size={18} />
            <span>{f}</span>
          </li>
        ))}
      </ul>
      <Link to="/contact" className={`btn ${plan.featured ? 'btn--accent' : 'btn--outline'} plan__cta`}>
        Choose {plan.title}
        <span className="visually-hidden"> ({unit}ly plan)</span>
      </Link>
    </li>
  );
}

/** Pricing plans with Monthly/Yearly tabs (spec sections 4 and 9). Every figure is in the server HTML. */
export function Pricing({ plans = pricing, headingId = 'pricing-heading' }: { plans?: Record<BillingPeriod, readonly PricingPlan[]>; headingId?: string }) {
  return (
    <Section headingId={headingId} className="pricing" eyebrow={pricingIntro.eyebrow} title={pricingIntro.title} intro={pricingIntro.intro}>
      <Tabs
        label="Billing period"
        className="pricing__tabs"
        items={billingPeriods.map((p) => ({
          id: p.id,
          label: p.label,
          content: (
            <ul className="plans">
              {plans[p.id].map((plan) => (
                <PlanCard key={plan.id} plan={plan} unit={p.unit} />
              ))}
            </ul>
          ),
        }))}
      />
      <p className="pricing__note">{pricingIntro.note}</p>
    </Section>
  );
}
