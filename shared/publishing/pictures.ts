import { z } from 'zod';
import { aboutImages, blogImages, departmentImages, galleryImages, heroImages, miscImages, serviceImages } from '../content/images';
import type { Img } from '../content/types';
import { str } from '../platform/form-fields';
import { isStorableText } from '../platform/storable-text';
import { isPictureId, type MediaPicture } from '../platform/media';

/**
 * A picture as an editor chooses it: an uploaded one from the media library (`media:<id>`) or
 * one of the site's own illustrations (its path), with its alt text. Nothing else: no address
 * from elsewhere, so a page never loads a third party's picture (or a tracking pixel).
 */
export interface PictureRef {
  src: string;
  alt: string;
}

export const MEDIA_PREFIX = 'media:';

/** The illustrations shipped with the site (public/images/), by path. */
export const illustrations: ReadonlyMap<string, Img> = new Map(
  [...Object.values(heroImages), ...Object.values(aboutImages), ...Object.values(serviceImages), ...blogImages, ...galleryImages, ...Object.values(departmentImages), miscImages.cta, miscImages.videoCover, miscImages.newsletter].map(
    (img) => [img.src, img],
  ),
);

/** The team's illustrated portraits (public/images/doctors/), which the seed's team uses. */
export const portraitIllustrations: readonly Img[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({ src: `/images/doctors/doctor-${n}.svg`, width: 400, height: 480, alt: `Illustrated portrait ${n}` }));

export const portraitIllustration = (src: string): Img | undefined => portraitIllustrations.find((p) => p.src === src);

export function isKnownPictureSource(src: string): boolean {
  if (src.startsWith(MEDIA_PREFIX)) return isPictureId(src.slice(MEDIA_PREFIX.length));
  return illustrations.has(src) || portraitIllustration(src) !== undefined;
}

const ALT_MAX = 250;

/**
 * A picture field and its alt text, checked together: a picture needs a description of what it
 * shows (alt text is required); `optionalPicture` allows none at all.
 */
export function pictureFields(isRequired: true): z.ZodType<PictureRef>;
export function pictureFields(isRequired: false): z.ZodType<PictureRef | null>;
export function pictureFields(isRequired: boolean): z.ZodType<PictureRef | null> {
  return z
    .object({ src: str, alt: str })
    .superRefine((v, ctx) => {
      if (!v.src) {
        if (isRequired) ctx.addIssue({ code: 'custom', path: ['src'], message: 'Please choose or upload a picture.' });
        return;
      }
      if (!isKnownPictureSource(v.src)) ctx.addIssue({ code: 'custom', path: ['src'], message: 'Please choose a picture from the library.' });
      if (!v.alt) ctx.addIssue({ code: 'custom', path: ['alt'], message: 'Please describe the picture for people who cannot see it (alt text).' });
      else if (v.alt.length > ALT_MAX) ctx.addIssue({ code: 'custom', path: ['alt'], message: `Please keep the description under ${ALT_MAX} characters.` });
      else if (!isStorableText(v.alt)) ctx.addIssue({ code: 'custom', path: ['alt'], message: 'The description contains a character we cannot store.' });
    })
    .transform((v): PictureRef | null => (v.src ? { src: v.src, alt: v.alt } : null));
}

/** How a library picture is shown in the editor's choices. */
export interface LibraryPicture {
  src: string;
  label: string;
  /** A small variant to show beside the choice. */
  thumb: string;
  width: number;
  height: number;
  /** An upload's copies (for the rich-text editor's pictures). */
  media?: MediaPicture;
}
