import type { PageRoute } from './types';

export const servicesRoutes: PageRoute[] = [];
