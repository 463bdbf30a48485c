import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { wrapFocus } from '../../ui/focus-wrap';
import { Icon } from '../../ui/icons';
import { invoke } from '../../ui/invoke';
import { PhoneLink } from '../../ui/phone-link';
import { drawerNav } from './nav-items';
import { NavList } from './nav-list';
import { Logo } from './logo';
import { SocialLinks } from './social-links';
import { mailtoHref } from '../../platform/email-address';
import { useSiteDetails } from '../../platform/site-details';

interface DrawerProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Told whenever the dialog opens or closes, and once at hydration (it may have been opened before). */
  onChange: (open: boolean) => void;
}

/**
 * Mobile side drawer. A native modal <dialog>, opened by the menu button's command and closed by
 * its close button's, Escape or a tap outside (`closedby="any"`), all by the browser, before any
 * script (docs/first-view.md). Tab wraps inside it once hydrated (../ui/focus-wrap); the browser
 * makes the page behind inert and gives focus back to the menu button.
 */
export function Drawer({ dialogRef, onChange }: DrawerProps) {
  const details = useSiteDetails();
  const location = useLocation();
  const path = useRef(location.pathname);
  const close = () => dialogRef.current?.close();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const sync = () => onChange(dialog.open);
    sync();
    dialog.addEventListener('toggle', sync);
    dialog.addEventListener('close', sync);
    return () => {
      dialog.removeEventListener('toggle', sync);
      dialog.removeEventListener('close', sync);
    };
  }, [dialogRef, onChange]);

  // A navigation from inside the drawer closes it.
  useEffect(() => {
    if (path.current === location.pathname) return;
    path.current = location.pathname;
    dialogRef.current?.close();
  }, [location.pathname, dialogRef]);

  return (
    <dialog
      ref={dialogRef}
      id="site-drawer"
      className="drawer"
      aria-label="Site menu"
      closedby="any"
      onKeyDown={wrapFocus}
      onClick={(e) => {
        // The dialog element itself is only hit outside the panel: the backdrop (where the browser
        // does not close it by itself).
        if (e.target === e.currentTarget) close();
      }}
    >
      <div className="drawer__panel">
        <div className="drawer__top">
          <Logo />
          <button type="button" className="icon-btn drawer__close" {...invoke('site-drawer', 'close')} onClick={close} aria-label="Close menu">
            <Icon name="close" size={22} />
          </button>
        </div>
        <NavList items={drawerNav} label="Mobile" listClassName="drawer__nav" />
        <div className="drawer__contact">
          <PhoneLink iconSize={16} />
          <a href={mailtoHref(details.email)}>
            <Icon name="mail" size={16} /> {details.email}
          </a>
        </div>
        <SocialLinks />
      </div>
    </dialog>
  );
}
