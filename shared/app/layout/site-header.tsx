import { useCallback, useEffect, useState } from 'react';
import { Icon } from '../../ui/icons';
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
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

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
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="menu" size={24} />
            </button>
          </div>
        </div>
      </header>
      <Drawer open={drawerOpen} onClose={closeDrawer} />
    </div>
  );
}
