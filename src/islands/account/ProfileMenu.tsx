// The profile dropdown (spec §2 Header): a menu button greeting the user, opening Setting, Profile
// (the Profile View modal), (Console, Create Offer for merchants) and Logout. Keyboard as a menu: arrows, Home/End, Escape
// closes and returns to the button, Tab or a click outside closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { UserData } from '../../contract/index.ts';
import { m } from '../../paraglide/messages.js';
import { accountLinks, logOutAndGoHome } from './account-links.ts';

interface Props {
  user: UserData;
  /** Opens the Profile View modal (the 'Profile' entry). */
  onOpenProfile: () => void;
}

export default function ProfileMenu({ user, onOpenProfile }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return moveTo(at + 1);
      case 'ArrowUp':
        return moveTo(at - 1);
      case 'Home':
        return moveTo(0);
      case 'End':
        return moveTo(all.length - 1);
      case 'Escape':
        event.preventDefault();
        return close();
      case 'Tab':
        return setOpen(false);
    }
  };

  return (
    <div className="account-profile">
      <button
        ref={buttonRef}
        type="button"
        className="account-profile-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKey}
      >
        <span className="account-avatar" aria-hidden="true">
          {user.firstName.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-label">{m.account_hi({ name: user.firstName })}</span>
        <svg
          aria-hidden="true"
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={m.account_account()}
        className="account-profile-menu card"
        hidden={!open}
        onKeyDown={onMenuKey}
      >
        {accountLinks(user).map((link) => (
          <li role="none" key={link.label}>
            {link.profileView ? (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-haspopup="dialog"
                onClick={() => {
                  close();
                  onOpenProfile();
                }}
              >
                {link.label}
              </button>
            ) : (
              <a role="menuitem" tabIndex={-1} href={link.href}>
                {link.label}
              </a>
            )}
          </li>
        ))}
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => void logOutAndGoHome()}>
            {m.account_logout()}
          </button>
        </li>
      </ul>
    </div>
  );
}
