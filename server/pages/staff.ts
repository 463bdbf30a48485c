import type { LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../route-context';

/** /staff: decided here before anything renders; signed out → sign in and back, no role → 403. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireStaff(context, request);
  return { staffName: user.displayName || user.email || 'Staff' };
}
