import { createContext } from 'react-router';
import type { BlogCatalog } from './catalog';

/** The blog's published posts for its pages' loaders (per request: an editor's preview adds a draft). */
export const blogContext = createContext<BlogCatalog>();
