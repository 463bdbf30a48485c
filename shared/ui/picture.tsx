import { pictureSources, type MediaPicture } from '../platform/media';
import { imageLoading } from './image-loading';

/**
 * An uploaded picture (a `MediaPicture`, shared/platform/media.ts) as a `<picture>`: AVIF and
 * WebP sources, the JPEG copy nearest 800 px in the `<img>` for every other browser, `sizes` as the place it
 * sits in (e.g. BODY_PICTURE_SIZES), width and height so nothing moves when it arrives, and its
 * dominant colour behind it until then. `priority` for the page's first, largest picture.
 */
export function Picture({ picture, alt, sizes, priority = false, className }: { picture: MediaPicture; alt: string; sizes: string; priority?: boolean; className?: string }) {
  const s = pictureSources(picture);
  if (!s.src) return null;
  return (
    <picture className={className}>
      {s.sources.map((source) => (
        <source key={source.type} type={source.type} sizes={sizes} srcSet={source.srcSet} />
      ))}
      {/* sizes before srcset before src: a browser given them one by one picks from the right list. */}
      <img
        sizes={sizes}
        srcSet={s.srcSet || undefined}
        src={s.src}
        width={s.width}
        height={s.height}
        alt={alt}
        {...(picture.opaque && /^#[0-9a-f]{6}$/i.test(picture.dominant) ? { style: { backgroundColor: picture.dominant } } : {})}
        {...imageLoading(priority)}
      />
    </picture>
  );
}
