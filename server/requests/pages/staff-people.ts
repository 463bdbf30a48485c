import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { StaffActionData, StaffPeopleData } from '../../../shared/requests/staff/types';
import { isStorableText, withoutUnstorable } from '../../../shared/platform/storable-text';
import { platformContext, requireStaff } from '../../platform/render/route-context';
import { requestsContext } from '../context';
import { countNew, erasePerson, exportPerson } from '../staff/repo';
import { actorOf, toRow } from '../staff/page-data';

/** /staff/people: one person's requests by e-mail or phone (`?email=`, `?phone=`), to export or erase. */
export async function loader({ request, context }: LoaderFunctionArgs): Promise<StaffPeopleData> {
  const user = requireStaff(context, request);
  const { store } = context.get(platformContext);
  const params = new URL(request.url).searchParams;
  const field = (name: string, max: number) => withoutUnstorable(params.get(name) ?? '').trim().slice(0, max);
  const query = { email: field('email', 254), phone: field('phone', 40) };
  const [found, newCount] = await Promise.all([query.email || query.phone ? exportPerson(store.db, query) : null, countNew(store.db)]);
  return {
    staffName: user.displayName || user.email || 'Staff',
    newCount,
    query,
    found:
      found?.map(toRow) ?? null,
  };
}

/** Erases one person's requests (a confirmation box must be ticked). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = requireStaff(context, request);
  const services = context.get(platformContext);
  const { store } = services;
  const form = await request.formData();
  const get = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v.trim() : '';
  };
  const values = { email: get('email'), phone: get('phone'), confirm: get('confirm') };
  if (get('intent') !== 'erase') return data({ intent: 'erase', outcome: 'invalid', message: 'Unknown action.', values } satisfies StaffActionData, { status: 422 });
  if (!values.email && !values.phone) return data({ intent: 'erase', outcome: 'invalid', message: 'Give an e-mail address or a phone number.', values } satisfies StaffActionData, { status: 422 });
  const unstorable = (['email', 'phone'] as const).filter((name) => !isStorableText(values[name]));
  if (unstorable.length) {
    const errors = Object.fromEntries(unstorable.map((name) => [name, 'This field contains an invisible control character. Please type it again.']));
    return data({ intent: 'erase', outcome: 'invalid', message: 'Please correct the marked fields.', errors, values } satisfies StaffActionData, { status: 422 });
  }
  if (values.confirm !== 'yes') {
    return data({ intent: 'erase', outcome: 'invalid', message: 'Tick the box to confirm: erasing cannot be undone.', errors: { confirm: 'Please confirm.' }, values } satisfies StaffActionData, { status: 422 });
  }
  const { keys, personErasers, fileErasers } = context.get(requestsContext);
  const erased = await erasePerson(store, keys, { email: values.email, phone: values.phone }, actorOf(user), personErasers, fileErasers);
  services.logger.info('personal data erased', { by: user.uid, ...erased });
  if (erased.requests) services.onContentChange();
  const back = new URLSearchParams({ ...(values.email ? { email: values.email } : {}), ...(values.phone ? { phone: values.phone } : {}), erased: String(erased.requests), visits: String(erased.visits), files: String(erased.files) });
  throw redirect(`/staff/people?${back}`, 303);
}
