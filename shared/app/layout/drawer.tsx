import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { site } from '../../content/site';
import { wrapFocus } from '../../ui/focus-wrap';
import { Icon } from '../../ui/icons';
import { PhoneLink } from '../../ui/phone-link';
import { drawerNav } from './nav-items';
import { NavList } from './nav-list';
import { Logo } from './logo';
import { SocialLinks } from './social-links';
import { mailtoHref } from '../../platform/email-address';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Mobile side drawer. A native modal <dialog>: Tab wraps inside it (../ui/focus-wrap), the
 * browser makes the page behind inert, closes on Escape and gives focus back to the menu button.
 */
export function Drawer({ open, onClose }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // A navigation from inside the drawer closes it.
  useEffect(() => {
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <dialog
      ref={ref}
      id="site-drawer"
      className="drawer"
      aria-label="Site menu"
      onClose={onClose}
      onCancel={onClose}
      onKeyDown={wrapFocus}
      onClick={(e) => {
        // The dialog element itself is only hit outside the panel: the backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="drawer__panel">
        <div className="drawer__top">
          <Logo />
          <button type="button" className="icon-btn drawer__close" onClick={onClose} aria-label="Close menu">
            <Icon name="close" size={22} />
          </button>
        </div>
        <NavList items={drawerNav} label="Mobile" listClassName="drawer__nav" />
        <div className="drawer__contact">
          <PhoneLink iconSize={16} />
          <a href={mailtoHref(site.email)}>
            <Icon name="mail" size={16} /> {site.email}
          </a>
        </div>
        <SocialLinks />
      </div>
    </dialog>
  );
}
