import { Form } from 'react-router';
import { FormStateContext, SelectField, TextAreaField, TextField } from '../ui/fields';
import { DEPOSIT_RULE_LABELS, type DepositRuleKind } from '../booking/deposits';
import type { DepositEditor } from './types';

const RULES: DepositRuleKind[] = ['none', 'first', 'every'];

/**
 * A service's deposit rule on its editor page (issue 48, ADR 0048): none (the default), for first
 * visits, or for every visit; the amount in naira (kept in kobo); the policy patients read before
 * paying. It is the clinic's money policy, not content: saved at once (no draft), by admins only;
 * editors see it. A plain form: it works without JavaScript.
 */
export function DepositRuleSection({ deposit, busy }: { deposit: DepositEditor; busy: boolean }) {
  const values = { rule: deposit.rule, amount: deposit.amount, policy: deposit.policy };
  const disabled = !deposit.canEdit || !deposit.live;
  return (
    <section className="staff-card content-deposit" aria-labelledby="deposit-heading">
      <h2 id="deposit-heading">Deposit for online bookings</h2>
      {!deposit.live && <p>Publish the service first: its deposit rule can be set once it is on the site.</p>}
      {!deposit.canEdit && <p>Only an administrator can change the deposit. It is shown here as it is now.</p>}
      {!deposit.takesPayments && <p className="staff-alert staff-alert--error">This server has no Paystack key (PAYSTACK_SECRET_KEY), so no deposit can be switched on.</p>}
      <FormStateContext.Provider value={{ values, errors: deposit.errors ?? {} }}>
        <Form method="post" className="staff-form" aria-labelledby="deposit-heading">
          <fieldset disabled={disabled} className="content-deposit__fields">
            <legend className="visually-hidden">The deposit rule</legend>
            <SelectField label="Deposit" name="rule" options={RULES.map((r) => ({ value: r, label: DEPOSIT_RULE_LABELS[r] }))} />
            <TextField label="Amount in naira" name="amount" inputMode="decimal" hint="For example 5,000 or 2,500.50. Patients pay it through Paystack when they book online." />
            <TextAreaField label="Policy shown before paying" name="policy" rows={4} maxLength={1000} hint="When the deposit is refunded and when it is kept." />
            <button type="submit" name="intent" value="deposit" className="btn btn--primary" disabled={busy}>
              Save the deposit rule
            </button>
          </fieldset>
        </Form>
      </FormStateContext.Provider>
    </section>
  );
}
