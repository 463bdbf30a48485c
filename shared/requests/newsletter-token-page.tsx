import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import { Link } from '../ui/link';
import { PageHeader } from '../ui/page-header';
import { PhoneLink } from '../ui/phone-link';

interface Outcome {
  outcome: 'confirmed' | 'unsubscribed' | 'invalid' | 'unavailable';
}

interface Props {
  title: string;
  intro: string;
  button: string;
  done: string;
}

/** The page a newsletter link opens: a button that does the thing (a link opened by a mail scanner changes nothing). */
export function NewsletterTokenPage({ title, intro, button, done }: Props) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useActionData() as Outcome | undefined;
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: 'Newsletter' }]} />
      <section className="section" aria-label={title}>
        <div className="container narrow prose">
          {result?.outcome === 'confirmed' || result?.outcome === 'unsubscribed' ? (
            <div className="form-result" role="status">
              <p>{done}</p>
              <p>
                <Link to="/">Back to the home page</Link>
              </p>
            </div>
          ) : (
            <>
              {result?.outcome === 'invalid' && <p className="form-error">This link is not valid any more. It may have been used already, or be older than 7 days.</p>}
              {result?.outcome === 'unavailable' && (
                <p className="form-error">
                  We could not do this just now. Please try again in a few minutes, or call <PhoneLink />.
                </p>
              )}
              {!token ? (
                <p className="form-error">This link is incomplete. Please open the whole link from the e-mail.</p>
              ) : (
                <Form method="post" className="newsletter-token">
                  <p>{intro}</p>
                  <input type="hidden" name="token" value={token} />
                  <button type="submit" className="btn btn--primary" disabled={busy}>
                    {busy ? 'One moment…' : button}
                  </button>
                </Form>
              )}
            </>
          )}
        </div>
      </section>
    </>
  );
}
