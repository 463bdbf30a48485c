import { data, redirect } from 'react-router';
import { koboOf, MAX_DEPOSIT_KOBO, MIN_DEPOSIT_KOBO, type DepositRuleKind } from '../../shared/booking/deposits';
import type { DepositEditor } from '../../shared/publishing/types';
import { DepositsOffError, depositsContext } from '../booking/deposits';
import { errorFields } from '../platform/http/error-fields';
import { platformContext, userContext, type ServerContext } from '../platform/render/route-context';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

const naira = (kobo: number) => `${Math.floor(kobo / 100).toLocaleString('en-NG')}${kobo % 100 ? `.${String(kobo % 100).padStart(2, '0')}` : ''}`;

/** A service's deposit rule as its editor page shows it (issue 48). */
export async function depositEditor(context: ServerContext, serviceId: string, live: boolean): Promise<DepositEditor> {
  const deposits = context.get(depositsContext);
  const user = context.get(userContext);
  const rule = (await deposits.rules()).find((r) => r.serviceId === serviceId);
  return {
    rule: rule?.rule ?? 'none',
    amount: rule ? naira(rule.amountKobo) : '',
    policy: rule?.policy ?? '',
    canEdit: user?.role === 'admin',
    live,
    takesPayments: deposits.takesPayments,
  };
}

/**
 * Saves a service's deposit rule, `intent=deposit` on its editor page: admins only (403 for an
 * editor), checked (a rule, whole kobo within the limits, a policy), applied at once; a refusal
 * keeps what was typed beside its messages.
 */
export async function depositAction(context: ServerContext, request: Request, serviceId: string, form: FormData) {
  const user = context.get(userContext);
  if (user?.role !== 'admin') throw data({ message: 'Only an administrator can change a deposit.' }, { status: 403, statusText: 'Forbidden' });
  const deposits = context.get(depositsContext);
  const { logger } = context.get(platformContext);
  const typedRule = String(form.get('rule') ?? 'none');
  const rule: DepositRuleKind | null = typedRule === 'none' || typedRule === 'first' || typedRule === 'every' ? typedRule : null;
  const amount = String(form.get('amount') ?? '').slice(0, 40);
  const policy = String(form.get('policy') ?? '').trim().slice(0, 2000);
  const errors: Record<string, string> = {};
  if (!rule) errors.rule = 'Please choose one of the three.';
  const kobo = koboOf(amount);
  if (rule && rule !== 'none') {
    if (kobo === null) errors.amount = 'Please give the amount in naira, like 5,000 or 2,500.50.';
    else if (kobo < MIN_DEPOSIT_KOBO || kobo > MAX_DEPOSIT_KOBO) errors.amount = 'The deposit must be between ₦1 and ₦1,000,000.';
    if (!policy) errors.policy = 'Please write the policy patients read before paying.';
    else if (policy.length > 1000) errors.policy = 'Please keep the policy within 1,000 characters.';
  }
  const typed: DepositEditor = { rule: rule ?? 'none', amount, policy, canEdit: true, live: true, takesPayments: deposits.takesPayments, errors };
  const refuse = (message: string, status: number) => data({ outcome: 'refused' as const, intent: 'deposit', message, deposit: typed }, { status, headers: PRIVATE });
  if (Object.keys(errors).length) return refuse('Please correct the deposit’s marked fields. Nothing was changed.', 422);
  try {
    await deposits.setRule(serviceId, rule === 'none' ? null : { rule: rule!, amountKobo: kobo!, policy }, user.uid);
  } catch (error) {
    if (error instanceof DepositsOffError) return refuse('No deposit can be switched on: this server has no Paystack key (PAYSTACK_SECRET_KEY).', 409);
    logger.error('deposit rule not saved', errorFields(error));
    return refuse('The database is not answering, so the deposit rule was not saved. Please try again in a moment.', 503);
  }
  throw redirect(`${new URL(request.url).pathname}?done=deposit`, 303);
}
