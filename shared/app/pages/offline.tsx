import { describeHours, fullAddressOf } from '../../clinic/site-facts';
import { useSiteFacts } from '../../clinic/facts-context';
import { site } from '../../content/site';
import { PageHeader } from '../../ui/page-header';
import { useSiteDetails } from '../../platform/site-details';

/** Shown by the service worker when a page cannot be loaded and was not saved before. */
export default function OfflinePage() {
  const facts = useSiteFacts();
  const hours = describeHours(facts.hours);
  return (
    <>
      <PageHeader title="You are offline" crumbs={[{ label: 'Home', to: '/' }, { label: 'Offline' }]} />
      <section className="section" aria-label="Reach the clinic">
        <div className="container narrow prose">
          <p className="lead">This page could not be loaded: there is no connection right now. Pages you have opened before still work.</p>
          <h2>Call us</h2>
          <ul>
            {useSiteDetails().phones.map((p) => (
              <li key={p.e164}>
                <a href={`tel:${p.e164}`}>{p.display}</a>
              </li>
            ))}
          </ul>
          <h2>Visit us</h2>
          <p>
            {site.name}
            <br />
            {fullAddressOf(facts.location)}
            <br />
            {hours.days}, {hours.time}; {hours.closed}.
          </p>
          <p>In an emergency, call 112.</p>
        </div>
      </section>
    </>
  );
}
