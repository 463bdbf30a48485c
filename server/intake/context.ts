import { createContext } from 'react-router';
import type { IntakeService } from './service';

/** The intake domain's services for its loaders and actions (set on every request by the composition). */
export const intakeContext = createContext<IntakeService>();
