import { Link } from '../ui/link';
import type { Department } from '../content/departments';
import { Carousel, type CarouselLayout } from '../ui/carousel';
import { Icon } from '../ui/icons';
import { SectionHeading } from '../ui/section-heading';
import './departments-slider.css';

/** Departments slider: 3 per view, 2 under 1024 px, 1 under 767 px (spec section 9: "3 (2, 1)"). */
export const DEPARTMENTS_LAYOUT: CarouselLayout = { base: 1, from: { 767: 2, 1024: 3 } };

export interface DepartmentsSliderProps {
  /** The departments to show, e.g. `sliderDepartments` from content/departments.ts. */
  items: readonly Department[];
  title?: string;
  eyebrow?: string;
  intro?: string;
  /** Id of the section heading (unique per page). */
  headingId?: string;
  layout?: CarouselLayout;
  /** Extra class on the <section>, e.g. 'section--tint'. */
  className?: string;
}

/**
 * A section with a heading and a carousel of department cards (image, title, text, link).
 * Used by the alternative home pages; all data comes in as props.
 */
export function DepartmentsSlider({
  items,
  title = 'Areas of care we focus on',
  eyebrow = 'Departments',
  intro,
  headingId = 'departments-heading',
  layout = DEPARTMENTS_LAYOUT,
  className,
}: DepartmentsSliderProps) {
  return (
    <section className={`section departments-slider ${className ?? ''}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeading eyebrow={eyebrow} title={title} intro={intro} id={headingId} />
        <Carousel
          items={items}
          getKey={(d) => d.id}
          layout={layout}
          label="Departments"
          renderItem={(d) => (
            <article className="department-card">
              <img src={d.img.src} width={d.img.width} height={d.img.height} alt={d.img.alt} loading="lazy" decoding="async" className="department-card__img" />
              <div className="department-card__body">
                <h3 className="department-card__title">{d.title}</h3>
                <p>{d.text}</p>
                <Link to={d.to} className="department-card__more">
                  Learn more<span className="visually-hidden"> about {d.title}</span> <Icon name="arrowRight" size={16} />
                </Link>
              </div>
            </article>
          )}
        />
      </div>
    </section>
  );
}
