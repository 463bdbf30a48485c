import { createContext } from 'react-router';
import type { BookingService } from './service';

/** The booking domain's services for its loaders and actions (set on every request by the composition). */
export const bookingContext = createContext<BookingService>();
