import type { ImgHTMLAttributes } from 'react';
import type { Img } from '../content/types';

interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'sizes'> {
  img: Img;
  /** How wide the picture is shown, for the browser's choice among the variants (e.g. `(min-width: 992px) 720px, 100vw`). */
  sizes: string;
}

/**
 * An image with its real size (no layout shift). An uploaded picture comes as AVIF and WebP at
 * several widths: a `<picture>` lets the browser take the best format it reads at the width it
 * needs (`srcset` and `sizes`); the site's illustrations (SVG) are a plain `<img>`.
 */
export function Picture({ img, sizes, alt, ...rest }: PictureProps) {
  const image = <img src={img.src} width={img.width} height={img.height} alt={alt ?? img.alt} {...rest} />;
  if (!img.sources?.length) return image;
  return (
    <picture>
      {img.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {image}
    </picture>
  );
}
