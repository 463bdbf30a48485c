import type { LoaderFunctionArgs } from 'react-router';
import { requestsContext } from '../context';

/** The notice states the retention period the server really applies. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { retentionMonths: context.get(requestsContext).retentionMonths };
}
