import type { PageRoute } from './types';

export const shopRoutes: PageRoute[] = [];
