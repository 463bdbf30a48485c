import type { PageRoute } from './types';

export const accountsRoutes: PageRoute[] = [];
