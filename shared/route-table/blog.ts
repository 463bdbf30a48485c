import type { PageRoute } from './types';

export const blogRoutes: PageRoute[] = [];
