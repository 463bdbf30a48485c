import { NewsletterTokenPage } from '../newsletter-token-page';

export default function NewsletterConfirmPage() {
  return (
    <NewsletterTokenPage
      title="Confirm your subscription"
      intro="Press the button to confirm that you want to receive the clinic’s newsletter, about once a month."
      button="Confirm my subscription"
      done="Thank you: your subscription is confirmed. Every newsletter has a link to unsubscribe with one click."
    />
  );
}
