import type { LoaderFunctionArgs } from 'react-router';
import type { ClinicFacts } from '../../shared/clinic/types';
import { clinicContext } from './context';

/** A page's server loader that gives it what it shows of the clinic's facts (from memory: server/clinic/catalog.ts). */
export function clinicLoader<T>(pick: (facts: ClinicFacts, args: LoaderFunctionArgs) => T | Promise<T>) {
  return async (args: LoaderFunctionArgs): Promise<T> => pick(await args.context.get(clinicContext).facts(), args);
}
