import { useStore } from '@nanostores/react';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useEffect, useId, useRef, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import { $session, logout } from '../../stores/session.ts';

function initials(first: string, last: string, email: string): string {
  const text = `${first.charAt(0)}${last.charAt(0)}`.trim();
  return (text || email.charAt(0)).toUpperCase();
}

/** The header's user menu: avatar button with name, profile links, business console and logout. */
export default function UserMenu({ lang }: { lang: TLang }) {
  const t = getT(lang);
  const session = useStore($session);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const user = session.user;
  if (!user) {
    return <div className="user-menu user-menu--placeholder" aria-hidden="true" />;
  }
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const isMember = session.roles.has('member');
  return (
    <div className="user-menu" ref={root}>
      {isMember && (
        <a className="header__link header__link--business" href="/business/dashboard">
          {t('nav.business')}
        </a>
      )}
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
      >
        <span className="avatar" aria-hidden="true">
          {initials(user.firstName, user.lastName, user.email)}
        </span>
        <span className="user-menu__name">{name}</span>
        {/* The name the button shows comes first in its accessible name (WCAG 2.5.3). */}
        <span className="acc-visually-hidden"> {t('user.menu')}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M7 10l5 5 5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open && (
        <div className="user-menu__panel" id={menuId} role="menu">
          <div className="user-menu__who">
            <span className="user-menu__label">{t('user.signedInAs')}</span>
            <strong>{name}</strong>
            <span className="user-menu__email">{user.email}</span>
          </div>
          <a role="menuitem" href="/profile">
            {t('nav.profile')}
          </a>
          <a role="menuitem" href="/profile/settings">
            {t('nav.settings')}
          </a>
          {isMember && (
            <a role="menuitem" href="/business/dashboard">
              {t('nav.business')}
            </a>
          )}
          <button type="button" role="menuitem" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
