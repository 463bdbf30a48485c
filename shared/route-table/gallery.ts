import type { PageRoute } from './types';

export const galleryRoutes: PageRoute[] = [];
