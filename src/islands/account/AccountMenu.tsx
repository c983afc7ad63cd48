// The header for a signed-in user (spec §2 Header): the favourites button opening the 'My Favorite
// offers' drawer, and the profile dropdown. Below 480px both give way to a menu icon opening the
// mobile profile overlay, whose Favourites entry opens the 'My Favorite List' overlay. Notices
// raised while signed in (favourite toggles) show here.
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { FavoriteEntryData, UserData } from '../../contract/index.ts';
import { maskMobile } from '../../lib/format-offer.ts';
import { $favorites, $favoritesState, loadFavorites } from '../../stores/favorites.ts';
import { $user } from '../../stores/session.ts';
import { HeartIcon } from '../offer-card/FavoriteButton.tsx';
import Notices from '../Notices.tsx';
import { accountLinks, logOutAndGoHome } from './account-links.ts';
import Dialog from './Dialog.tsx';
import FavoriteList, { type FavoritesState } from './FavoriteList.tsx';
import ProfileMenu from './ProfileMenu.tsx';
import { FAVORITES_DRAWER_TITLE, FAVORITES_OVERLAY_TITLE } from './texts.ts';
import './AccountMenu.css';

export default function AccountMenu() {
  const user = useStore($user);
  const favorites = useStore($favorites);
  const state = useStore($favoritesState);
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!user) return null;
  return (
    <div className="account-menu">
      <div className="account-menu-wide">
        <button type="button" className="account-favorites-button" aria-haspopup="dialog" onClick={() => setDrawerOpen(true)}>
          <HeartIcon filled={favorites.length > 0} />
          <span className="account-label">Favourites</span>
          <span className="account-count" data-favorites-count>{favorites.length}</span>
        </button>
        <ProfileMenu user={user} />
      </div>
      <MobileProfile user={user} favorites={favorites} state={state} />
      <Dialog open={drawerOpen} onClose={() => setDrawerOpen(false)} labelledBy="favorites-drawer-title" className="account-dialog account-drawer">
        <DialogHead titleId="favorites-drawer-title" title={FAVORITES_DRAWER_TITLE} count={favorites.length} onClose={() => setDrawerOpen(false)} />
        <FavoriteList entries={favorites} state={state} />
      </Dialog>
      <Notices />
    </div>
  );
}

interface HeadProps { titleId: string; title: string; count?: number; onClose: () => void; closeLabel?: string; back?: boolean }

function DialogHead({ titleId, title, count, onClose, closeLabel = 'Close', back = false }: HeadProps) {
  return (
    <div className="account-dialog-head">
      {back && <CloseButton label={closeLabel} onClose={onClose} back />}
      <h2 id={titleId} className="account-dialog-title">
        {title}{count !== undefined && <span className="account-dialog-count"> ({count})</span>}
      </h2>
      {!back && <CloseButton label={closeLabel} onClose={onClose} />}
    </div>
  );
}

function CloseButton({ label, onClose, back = false }: { label: string; onClose: () => void; back?: boolean }) {
  return (
    <button type="button" className="account-icon-button" aria-label={label} onClick={onClose}>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
        {back ? <path d="M15 6l-6 6 6 6" /> : <path d="M6 6l12 12M18 6 6 18" />}
      </svg>
    </button>
  );
}

/** Below 480px: the menu icon, the profile overlay and its 'My Favorite List' overlay. */
interface MobileProps { user: UserData; favorites: readonly FavoriteEntryData[]; state: FavoritesState }

function MobileProfile({ user, favorites, state }: MobileProps) {
  const [profileOpen, setProfileOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const closeList = () => setListOpen(false);
  return (
    <div className="account-menu-narrow">
      <button type="button" className="account-icon-button" aria-label="Account menu" aria-haspopup="dialog" onClick={() => setProfileOpen(true)}>
        <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round"><path d="M4 7h16M4 12h16M4 17h16" /></svg>
      </button>
      <Dialog open={profileOpen} onClose={() => setProfileOpen(false)} labelledBy="mobile-profile-title" className="account-dialog account-overlay">
        <DialogHead titleId="mobile-profile-title" title={`Hi, ${user.firstName}`} onClose={() => setProfileOpen(false)} />
        <p className="account-mobile-number">
          <span>{maskMobile(user.mobileNo)}</span>
          {user.isMobileVerification && (
            <span className="account-verified">
              <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24"><circle cx="12" cy="12" r="11" fill="currentColor" /><path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
              <span className="visually-hidden">verified</span>
            </span>
          )}
        </p>
        <nav aria-label="Account" className="account-overlay-nav">
          <button type="button" aria-haspopup="dialog" onClick={() => setListOpen(true)}>
            <HeartIcon filled={favorites.length > 0} /><span>Favourites</span><span className="account-count">{favorites.length}</span>
          </button>
          {accountLinks(user).map((link) => <a key={link.label} href={link.href}>{link.label}</a>)}
          <button type="button" onClick={() => void logOutAndGoHome()}>Log out</button>
        </nav>
      </Dialog>
      <Dialog open={listOpen} onClose={closeList} labelledBy="mobile-favorites-title" className="account-dialog account-overlay">
        <DialogHead titleId="mobile-favorites-title" title={FAVORITES_OVERLAY_TITLE} count={favorites.length} onClose={closeList} closeLabel="Back" back />
        <p className="account-refresh-row">
          <button type="button" className="button secondary" onClick={() => { if (state !== 'loading') void loadFavorites(); }} aria-busy={state === 'loading' || undefined}>
            <svg className={state === 'loading' ? 'account-spinning' : undefined} aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round"><path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5" /></svg>
            Refresh
          </button>
        </p>
        <FavoriteList entries={favorites} state={state} />
      </Dialog>
    </div>
  );
}
