// The header for a signed-in user (spec §2 Header): a merchant's Create Offer, the favourites button
// opening the 'My Favorite offers' drawer, and the profile dropdown, whose Profile opens the Profile
// View modal. Below 480px they give way to a menu icon opening the mobile profile overlay (greeting,
// masked number with its tick, Favourites opening the 'My Favorite List' overlay, the account links,
// Log out). Notices raised while signed in show through mount-account-menu.tsx's own <Notices />.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { UserData } from '../../contract/index.ts';
import { COUNTRY_CODES } from '../../contract/limits.ts';
import { FAVOURITES_HASH } from '../../lib/constants.ts';
import { maskMobile } from '../../lib/format-offer.ts';
import { m } from '../../paraglide/messages.js';
// The version label is the package version (DECISIONS.md 'Footer'), as the footer shows it.
import { version } from '../../../package.json';
import { $favorites, $favoritesState, loadFavorites } from '../../stores/favorites.ts';
import { $user } from '../../stores/session.ts';
import { HeartIcon } from '../offer-card/FavoriteButton.tsx';
import TitledDialog from '../ui/TitledDialog.tsx';
import VerifiedTick from '../ui/VerifiedTick.tsx';
import { accountLinks, createOfferHref, logOutAndGoHome } from './account-links.ts';
import { useStorePart } from '../ui/use-store-part.ts';
import FavoriteList from './FavoriteList.tsx';
import ProfileMenu from './ProfileMenu.tsx';
import ProfileView from './ProfileView.tsx';
import accountMenuCss from './AccountMenu.css?url';
import Stylesheets from '../ui/Stylesheets.tsx';

export default function AccountMenu() {
  const user = useStore($user);
  // The header shows only the count: the lists subscribe to the favourites while their dialog is open.
  const favoriteCount = useStorePart($favorites, (favorites) => favorites.length);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Opened at SITE_URL/#favourites (the reminder SMS's link): the drawer opens, and the hash goes so that a reload does not reopen it.
  useEffect(() => {
    if (location.hash !== FAVOURITES_HASH) return;
    history.replaceState(history.state, '', location.pathname + location.search);
    setDrawerOpen(true);
  }, []);
  const [profileOpen, setProfileOpen] = useState(false);
  if (!user) return null;
  const createOffer = createOfferHref(user);
  return (
    <div className="account-menu">
      <Stylesheets hrefs={[accountMenuCss]} />
      <div className="account-menu-wide">
        {createOffer && (
          <a className="account-create-offer" href={createOffer}>
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            >
              <path d="M12 5v14M5 12h14" />
            </svg>
            <span className="account-label">{m.account_create_offer()}</span>
          </a>
        )}
        <button
          type="button"
          className="account-favorites-button"
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
        >
          <HeartIcon filled={favoriteCount > 0} />
          <span className="account-label">{m.account_favourites()}</span>
          <span className="account-count" data-favorites-count>
            {favoriteCount}
          </span>
        </button>
        <ProfileMenu user={user} onOpenProfile={() => setProfileOpen(true)} />
      </div>
      <MobileProfile user={user} favoriteCount={favoriteCount} onOpenProfile={() => setProfileOpen(true)} />
      <TitledDialog
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        className="account-dialog account-drawer"
        title={m.account_favorites_drawer_title()}
        count={favoriteCount}
      >
        {drawerOpen && <LiveFavoriteList />}
      </TitledDialog>
      <ProfileView open={profileOpen} onClose={() => setProfileOpen(false)} />
    </div>
  );
}

/** Below 480px: the menu icon, the profile overlay (its Profile opens the Profile View over it) and its 'My Favorite List' overlay. */
interface MobileProps {
  user: UserData;
  favoriteCount: number;
  onOpenProfile: () => void;
}

function MobileProfile({ user, favoriteCount, onOpenProfile }: MobileProps) {
  const [profileOpen, setProfileOpen] = useState(false);
  const [listOpen, setListOpen] = useState(false);
  const closeList = () => setListOpen(false);
  return (
    <div className="account-menu-narrow">
      <button
        type="button"
        className="icon-button"
        aria-label={m.account_menu_label()}
        aria-haspopup="dialog"
        onClick={() => setProfileOpen(true)}
      >
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      <TitledDialog
        open={profileOpen}
        onClose={() => setProfileOpen(false)}
        className="account-dialog account-overlay"
        title={m.account_hi({ name: user.firstName })}
      >
        <p className="account-mobile-number">
          <span>
            {COUNTRY_CODES[0]} {maskMobile(user.mobileNo)}
          </span>
          {user.isMobileVerification && <VerifiedTick />}
        </p>
        <nav aria-label={m.account_account()} className="account-overlay-nav">
          <button type="button" aria-haspopup="dialog" onClick={() => setListOpen(true)}>
            <HeartIcon filled={favoriteCount > 0} />
            <span>{m.account_favourites()}</span>
            <span className="account-count">{favoriteCount}</span>
          </button>
          {accountLinks(user).map((link) =>
            link.profileView ? (
              <button key={link.label} type="button" aria-haspopup="dialog" onClick={onOpenProfile}>
                {link.label}
              </button>
            ) : (
              <a key={link.label} href={link.href}>
                {link.label}
              </a>
            ),
          )}
          <button type="button" onClick={() => void logOutAndGoHome()}>
            {m.account_log_out()}
          </button>
        </nav>
        <p className="account-version">{m.account_version({ version })}</p>
      </TitledDialog>
      <TitledDialog
        open={listOpen}
        onClose={closeList}
        className="account-dialog account-overlay"
        title={m.account_favorites_overlay_title()}
        count={favoriteCount}
        closeButton="back"
      >
        {listOpen && (
          <>
            <RefreshFavorites />
            <LiveFavoriteList />
          </>
        )}
      </TitledDialog>
    </div>
  );
}

/** The favourites list, subscribed while its dialog is open. */
function LiveFavoriteList() {
  return <FavoriteList entries={useStore($favorites)} state={useStore($favoritesState)} />;
}

/** The mobile overlay's Refresh, spinning while the list loads. */
function RefreshFavorites() {
  const state = useStore($favoritesState);
  return (
    <p className="account-refresh-row">
      <button
        type="button"
        className="button secondary"
        onClick={() => {
          if (state !== 'loading') void loadFavorites();
        }}
        aria-busy={state === 'loading' || undefined}
      >
        <svg
          className={state === 'loading' ? 'account-spinning' : undefined}
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
        >
          <path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5" />
        </svg>
        {m.account_refresh()}
      </button>
    </p>
  );
}
