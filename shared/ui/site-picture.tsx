import type { ImgHTMLAttributes } from 'react';
import { pictureSources } from '../platform/media';
import type { SiteImage } from '../platform/site-image';

interface SitePictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'sizes' | 'srcSet'> {
  img: SiteImage;
  /** Where it sits, for the browser's choice among an upload's copies (e.g. `(min-width: 992px) 760px, 100vw`). */
  sizes: string;
}

/**
 * A picture of the site's editable content, with its real size (no layout shift). An illustration
 * (SVG) is a plain `<img>`; an upload is a `<picture>` of its AVIF and WebP copies with a JPEG
 * one in the `<img>` (`src`; `srcset` only when it has no other format, `pictureSources`), the `<img>` keeping the class and loading hints given,
 * so the page's own styles apply to both.
 */
export function SitePicture({ img, sizes, alt, ...rest }: SitePictureProps) {
  const text = alt ?? img.alt;
  if (!img.media) return <img src={img.src} width={img.width} height={img.height} alt={text} {...rest} />;
  const copies = pictureSources(img.media);
  return (
    <picture>
      {copies.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img {...rest} sizes={sizes} srcSet={copies.srcSet || undefined} src={copies.src} width={copies.width} height={copies.height} alt={text} />
    </picture>
  );
}
