import { useState } from 'react';
import type { Product } from '../content/products';

/**
 * Main image with thumbnails. Until the clinic photographs its products, each product has
 * one illustration, so the thumbnails offer a full view and two close-ups of it.
 */
const shots = [
  { id: 'full', label: 'Full view', className: 'is-full' },
  { id: 'closeup', label: 'Close-up', className: 'is-closeup' },
  { id: 'detail', label: 'Detail', className: 'is-detail' },
] as const;

export function ProductGallery({ product }: { product: Product }) {
  const [active, setActive] = useState(0);
  const shot = shots[active] ?? shots[0];
  const { img } = product;
  return (
    <div className="product-gallery">
      <div className="product-gallery__main">
        <img
          key={shot.id}
          src={img.src}
          width={img.width}
          height={img.height}
          alt={shot.id === 'full' ? img.alt : `${img.alt} (${shot.label.toLowerCase()})`}
          className={`product-gallery__img ${shot.className}`}
          data-shot={shot.id}
          fetchPriority="high"
        />
      </div>
      <ul className="product-gallery__thumbs" aria-label="Product images">
        {shots.map((s, i) => (
          <li key={s.id}>
            <button type="button" className="product-gallery__thumb" aria-pressed={i === active} onClick={() => setActive(i)}>
              <img src={img.src} width={img.width} height={img.height} alt="" className={s.className} loading="lazy" decoding="async" />
              <span className="visually-hidden">Show {s.label.toLowerCase()}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
