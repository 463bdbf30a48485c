import type { ReactNode } from 'react';
import { heroImages } from '../content/images';
import { PageHeader } from '../ui/page-header';
import { Section } from '../ui/section';
import './auth.css';

interface AuthLayoutProps {
  title: string;
  crumb: string;
  heading: string;
  intro: string;
  children: ReactNode;
}

/** Sign-in pages: the page header, then a form card beside an illustration on a tinted band. */
export function AuthLayout({ title, crumb, heading, intro, children }: AuthLayoutProps) {
  const art = heroImages.consultation;
  return (
    <>
      <PageHeader title={title} crumbs={[{ label: 'Home', to: '/' }, { label: crumb }]} />
      <Section headingId="auth-heading" className="auth" containerClassName="auth__inner">
        <div className="auth__aside">
          <img src={art.src} width={art.width} height={art.height} alt={art.alt} className="auth__art" decoding="async" />
          <ul className="auth__points">
            <li>See your appointment requests and clinic news in one place.</li>
            <li>Your details stay with the clinic: we never sell or share them.</li>
            <li>Sign in with your e-mail, or with your Google account.</li>
          </ul>
        </div>
        <div className="auth__card">
          <h2 id="auth-heading" className="auth__heading">
            {heading}
          </h2>
          <p className="auth__intro">{intro}</p>
          <noscript>
            <p className="form-notice">Signing in needs JavaScript. Please turn it on, or call the clinic to book.</p>
          </noscript>
          {children}
        </div>
      </Section>
    </>
  );
}
