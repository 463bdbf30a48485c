import { createContext } from 'react-router';
import type { MediaStore } from '../platform/media';

/** The media store the library uploads to and deletes from (null: none configured on this server). */
export const mediaContext = createContext<MediaStore | null>(null);
