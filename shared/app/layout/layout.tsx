import type { ReactNode } from 'react';
import { ContactBar } from './contact-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBar } from './top-bar';
import { PreviewBanner } from './preview-banner';

export function Layout({ children, topBarExtra }: { children: ReactNode; topBarExtra?: ReactNode }) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <PreviewBanner />
      <TopBar extra={topBarExtra} />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ContactBar />
    </>
  );
}
