import type { PageRoute } from './types';

export const clinicRoutes: PageRoute[] = [];
