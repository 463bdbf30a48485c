import { Counters } from '../../ui/counter';
import { FilterableGallery } from '../../gallery/filterable-gallery';
import { Icon } from '../../ui/icons';
import { Section } from '../../ui/section';
import { DepartmentsSlider } from '../../clinic/departments-slider';
import { DoctorCard } from '../../clinic/doctor-card';
import { HeroSlider } from '../../ui/sections/hero-slider';
import { Tabs } from '../../ui/tabs';
import { departments } from '../../content/departments';
import { useClinicFacts } from '../../clinic/facts-context';
import { teamOf } from '../../clinic/team';
import {
  emergencyCard,
  homeFiveCategoryLabel,
  homeFiveCounters,
  homeFiveFilters,
  type HomeFiveCategory,
  homeFiveSlides,
  HOME_FIVE_TEAM_SIZE,
  medicalTabs,
  openingHoursCard,
  timetable,
  timetableDays,
} from '../../content/home-five';
import { PhoneLink } from '../../ui/phone-link';
import './home-five.css';
import { DeferHydration } from '../../ui/defer-hydration';
import { useLoaderData } from 'react-router';
import type { GalleryItem } from '../../content/portfolio';
import type { GalleryData } from '../../gallery/portfolio-gallery';

function CareCards() {
  return (
    <section className="care-cards" aria-label="Emergency line and opening hours">
      <div className="container care-cards__grid">
        <article className="care-card care-card--urgent">
          <span className="care-card__icon">
            <Icon name="phone" size={26} />
          </span>
          <h2 className="care-card__title">{emergencyCard.title}</h2>
          <p>{emergencyCard.text}</p>
          <PhoneLink second className="care-card__phone" />
          <p className="care-card__note">{emergencyCard.note}</p>
        </article>
        <article className="care-card care-card--hours">
          <span className="care-card__icon">
            <Icon name="clock" size={26} />
          </span>
          <h2 className="care-card__title">{openingHoursCard.title}</h2>
          <ul className="hours-list">
            {openingHoursCard.rows.map((r) => (
              <li key={r.label}>
                <span className="hours-list__label">{r.label}</span> <span className="hours-list__time">{r.time}</span>
              </li>
            ))}
          </ul>
          <p className="care-card__note">{openingHoursCard.note}</p>
        </article>
      </div>
    </section>
  );
}

function Timetable({ names }: { names: Readonly<Record<string, string>> }) {
  return (
    <Section
      headingId="timetable-heading"
      className="section--sand"
      eyebrow="Plan your visit"
      title="Weekly doctor timetable"
      intro="Who is in clinic, and when. Book ahead for a particular clinician, or come to the evening walk-in sessions."
    >
      {/* Focusable, labelled scroll region so keyboard users can scroll the wide table on phones. */}
      <div className="timetable-scroll" role="region" aria-labelledby="timetable-caption" tabIndex={0}>
        <table className="timetable">
          <caption id="timetable-caption">
            <span>Doctors in clinic, Monday to Friday (Sunday closed)</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              {timetableDays.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {timetable.map((slot) => (
              <tr key={slot.time}>
                <th scope="row">{slot.time}</th>
                {timetableDays.map((d) => {
                  const s = slot.sessions[d];
                  return (
                    <td key={d}>
                      {s ? (
                        <>
                          <span className="timetable__doctor">{names[s.practitioner] ?? 'A clinician'}</span>
                          <span className="timetable__focus">{s.focus}</span>
                        </>
                      ) : (
                        <span className="timetable__none">No session</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

/** Home five (spec section 2). */
export default function HomeFivePage() {
  const facts = useClinicFacts();
  const { items: homeFiveGallery } = useLoaderData() as GalleryData;
  const team = teamOf(facts).slice(0, HOME_FIVE_TEAM_SIZE);
  const names = Object.fromEntries(facts.practitioners.map((p) => [p.id, p.name]));
  return (
    <>
      <HeroSlider slides={homeFiveSlides} label="Welcome" />
      <DeferHydration>
        <CareCards />
      </DeferHydration>
      <DeferHydration>
        <DepartmentsSlider items={departments} intro="Chiropractic care sits alongside the wider health of your body. These are the areas we help with most often." />
      </DeferHydration>
      <DeferHydration>
        <Section
          headingId="home-five-team-heading"
          className="section--tint"
          eyebrow="Our team"
          title="The clinicians you will meet"
          intro="Experienced, patient and happy to explain every step of your care."
        >
          <ul className="home-five-team">
            {team.map((d) => (
              <li key={d.id}>
                <DoctorCard doctor={d} />
              </li>
            ))}
          </ul>
        </Section>
      </DeferHydration>
      <DeferHydration>
        <Timetable names={names} />
      </DeferHydration>
      <DeferHydration>
        <Section
          headingId="home-five-gallery-heading"
          eyebrow="Gallery"
          title="Inside our clinic"
          intro="Pictures from our departments. Choose a topic and open any picture to look closer."
        >
          <FilterableGallery
            items={homeFiveGallery as GalleryItem<HomeFiveCategory>[]}
            filters={homeFiveFilters}
            filterLabel="Filter the gallery"
            categoryLabel={(c) => homeFiveCategoryLabel[c] ?? c}
          />
        </Section>
      </DeferHydration>
      <DeferHydration>
        <Section headingId="medical-tabs-heading" className="section--sand" eyebrow="Beyond the spine" title="How we care for the whole person">
          <Tabs
            label="Areas of care"
            className="medical-tabs"
            items={medicalTabs.map((t) => ({
              id: t.id,
              label: t.label,
              content: (
                <div className="medical-tab">
                  <img src={t.img.src} width={t.img.width} height={t.img.height} alt={t.img.alt} loading="lazy" decoding="async" />
                  <div>
                    <h3>{t.title}</h3>
                    {t.paragraphs.map((p) => (
                      <p key={p}>{p}</p>
                    ))}
                    <ul className="check-list">
                      {t.points.map((p) => (
                        <li key={p}>
                          <Icon name="check" size={18} /> {p}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
              ),
            }))}
          />
        </Section>
      </DeferHydration>
      <DeferHydration>
        <Section headingId="home-five-counters-heading" className="section--tint home-five-counters" eyebrow="In numbers" title="A growing network of care">
          <Counters items={homeFiveCounters} />
        </Section>
      </DeferHydration>
    </>
  );
}
