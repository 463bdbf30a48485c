import { useCallback, useEffect, useRef, useState } from 'react';
import { Icon } from '../../ui/icons';
import { commandsRun, invoke } from '../../ui/invoke';
import { AccountMenu } from './account-menu';
import { Drawer } from './drawer';
import { Logo } from './logo';
import { headerNav } from './nav-items';
import { NavList } from './nav-list';
import { SocialLinks } from './social-links';

/** Scroll distance after which the header sticks to the top (spec section 9). */
export const STICKY_THRESHOLD_PX = 80;

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

export function SiteHeader() {
  const sticky = useScrolledPast(STICKY_THRESHOLD_PX);
  // The dialog is the truth (the browser opens it from the button's command, before hydration
  // too, and closes it on Escape or a tap outside); this state follows it, for aria-expanded.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const drawer = useRef<HTMLDialogElement>(null);
  const onDrawerChange = useCallback((open: boolean) => setDrawerOpen(open), []);

  return (
    <div className="site-header-slot">
      <header className={`site-header${sticky ? ' is-sticky' : ''}`} data-sticky={sticky ? 'true' : 'false'}>
        <div className="container site-header__inner">
          <Logo />
          <NavList items={headerNav} label="Main" className="site-header__nav" />
          <div className="site-header__end">
            <SocialLinks className="social-links site-header__social" />
            <AccountMenu />
            <button
              type="button"
              className="icon-btn site-header__menu"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-controls="site-drawer"
              // Not in the server's HTML (a button with a command must not carry it): the loader
              // states it until hydration, React from then on.
              aria-expanded={hydrated ? drawerOpen : undefined}
              {...invoke('site-drawer', 'show-modal')}
              onClick={() => {
                // Where the browser runs the command, the command opens it (after the listeners), and
                // the loader makes that opening quick (client/open-modal.ts).
                if (!commandsRun() && drawer.current && !drawer.current.open) drawer.current.showModal();
              }}
            >
              <Icon name="menu" size={24} />
            </button>
          </div>
        </div>
      </header>
      <Drawer dialogRef={drawer} onChange={onDrawerChange} />
    </div>
  );
}
