import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { filterGallery, type GalleryFilter, type GalleryItem } from '../content/portfolio';
import { Icon } from '../ui/icons';
import './filterable-gallery.css';
import { imageLoading } from '../ui/image-loading';

// The viewer is its own chunk, fetched on first open (or when a visitor points at a plus).
const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(loadLightbox);

export interface FilterableGalleryProps<C extends string> {
  items: readonly GalleryItem<C>[];
  filters: readonly GalleryFilter<C>[];
  /** Accessible name of the filter button group, e.g. "Filter the portfolio". */
  filterLabel: string;
  /** Display name of a category, shown on each item. */
  categoryLabel: (category: C) => string;
  /**
   * 'tiles': square images with the title on a hover/focus overlay, filters above.
   * 'cards': images with the caption below, filters in a side column on wide screens.
   */
  variant?: 'tiles' | 'cards';
  /** Content above the filters in the side column of the 'cards' variant. */
  aside?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
  /** The grid opens the page: its first image is the page's first (see imageLoading). */
  priority?: boolean;
}

/**
 * The one filterable image grid (portfolio pages and the home five gallery, spec section 4):
 * the filter starts as all, a category shows only its items, all shows the list without
 * repeated images; each item's plus opens the lightbox at that item within the filtered list.
 */
export function FilterableGallery<C extends string>({
  items,
  filters,
  filterLabel,
  categoryLabel,
  variant = 'tiles',
  aside,
  headingLevel = 3,
  className,
  priority = false,
}: FilterableGalleryProps<C>) {
  const [filter, setFilter] = useState<C | 'all'>('all');
  // Items fade in when a filter changes the list, not on the first view: an element fading in
  // from opacity 0 is not painted for the largest-contentful-paint (the portfolio's first image
  // counted only once the scripts had run).
  const [filtered, setFiltered] = useState(false);
  const [openAt, setOpenAt] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const visible = filterGallery(items, filter);
  // Under 'all' the items whose picture repeats an earlier one's are in the page too, hidden
  // (`--more`): a category's filter shows them at once, before hydration too (client/early.ts).
  const rendered = filter === 'all' ? items.map((item) => ({ item, i: visible.indexOf(item) })) : visible.map((item, i) => ({ item, i }));
  const H = headingLevel === 2 ? 'h2' : 'h3';

  const closeViewer = () => {
    setOpenAt(null);
    // The native dialog restores focus too; this also covers a viewer closed before it fully opened.
    opener.current?.focus();
  };

  return (
    <div className={`fgallery fgallery--${variant}${filtered ? ' fgallery--filtered' : ''} ${className ?? ''}`}>
      <div className="fgallery__side">
        {aside && <div className="fgallery__aside">{aside}</div>}
        <div className="fgallery__filters" role="group" aria-label={filterLabel}>
          {filters.map((f) => (
            <button
              key={f.value}
              type="button"
              className="fgallery__filter"
              data-filter={f.value}
              aria-pressed={filter === f.value}
              onClick={() => {
                // The pressed filter changes nothing: no fade of the items already shown.
                if (f.value === filter) return;
                setFiltered(true);
                setFilter(f.value);
              }}
            >
              {f.label}
            </button>
          ))}
        </div>
        <p className="visually-hidden" aria-live="polite">
          {`Showing ${visible.length} ${visible.length === 1 ? 'image' : 'images'}`}
        </p>
      </div>

      <ul className="fgallery__grid">
        {rendered.map(({ item, i }) => (
          <li
            key={`${filter}-${item.id}`}
            className={i < 0 ? 'fgallery__item fgallery__item--more' : 'fgallery__item'}
            data-category={item.category}
            data-id={item.id}
            hidden={i < 0}
          >
            <figure className="fgallery__figure">
              <div className="fgallery__media">
                <img src={item.img.src} width={item.img.width} height={item.img.height} alt={item.img.alt} {...imageLoading(priority && i === 0)} />
                <button
                  type="button"
                  className="fgallery__open"
                  aria-label={`Open image: ${item.title}`}
                  aria-haspopup="dialog"
                  onPointerEnter={() => void loadLightbox()}
                  onFocus={() => void loadLightbox()}
                  onClick={(e) => {
                    opener.current = e.currentTarget;
                    setOpenAt(i);
                  }}
                >
                  <Icon name="plus" size={24} />
                </button>
              </div>
              <figcaption className="fgallery__caption">
                <span className="fgallery__category">{categoryLabel(item.category)}</span>
                <H className="fgallery__title">{item.title}</H>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>

      {openAt !== null && (
        <Suspense
          fallback={
            <p className="fgallery__loading" role="status">
              Opening image viewer…
            </p>
          }
        >
          <Lightbox images={visible} startIndex={openAt} onClose={closeViewer} />
        </Suspense>
      )}
    </div>
  );
}
