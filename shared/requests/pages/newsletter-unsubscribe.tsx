import { NewsletterTokenPage } from '../newsletter-token-page';

export default function NewsletterUnsubscribePage() {
  return (
    <NewsletterTokenPage
      title="Unsubscribe"
      intro="Press the button to stop receiving the clinic’s newsletter."
      button="Unsubscribe"
      done="You are unsubscribed: we will not send you the newsletter again."
    />
  );
}
