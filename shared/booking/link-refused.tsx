import type { ReactNode } from 'react';
import { PageHeader } from '../ui/page-header';
import { Section } from '../ui/section';

/** A patient's link that opens nothing (forged, expired, revoked, or the database away): why, and what to do instead. */
export function LinkRefused({ title, crumb, message, children }: { title: string; crumb: string; message: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: crumb }]} />
      <Section headingId="link-refused" className="booking" containerClassName="booking__inner">
        <h2 id="link-refused" className="visually-hidden">
          Why
        </h2>
        <p className="form-error" role="alert">
          {message}
        </p>
        <p>{children}</p>
      </Section>
    </>
  );
}
