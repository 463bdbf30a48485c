import { useLoaderData } from 'react-router';
import { privacyIntro, privacySections } from '../../content/privacy';
import { fullAddressOf } from '../../clinic/site-facts';
import { useSiteFacts } from '../../clinic/facts-context';
import { PageHeader } from '../../ui/page-header';
import { useSiteDetails } from '../../platform/site-details';

/** The privacy notice every form links to; the retention period is the server's setting. */
export default function PrivacyPage() {
  const { retentionMonths } = useLoaderData() as { retentionMonths: number };
  const address = fullAddressOf(useSiteFacts().location);
  const details = useSiteDetails();
  return (
    <>
      <PageHeader title="Privacy notice" crumbs={[{ label: 'Home', to: '/' }, { label: 'Privacy' }]} />
      <section className="section" aria-label="Privacy notice">
        <div className="container narrow prose">
          <p className="lead">{privacyIntro}</p>
          {privacySections(retentionMonths, address, details).map((s) => (
            <section key={s.id} aria-labelledby={`privacy-${s.id}`}>
              <h2 id={`privacy-${s.id}`}>{s.title}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        </div>
      </section>
    </>
  );
}
