// Loaded only for a stored session (src/page-scripts/session-boot.ts): at load, the session is checked
// and an invalid one logs out (spec §4); the favourites load; My Cards merge with the account's; the header's guest links give way to
// the account menu (favourites drawer, profile), which goes again when the session ends.
import { loadFavorites } from '../stores/favorites.ts';
import { syncMyCardsWithAccount } from '../stores/my-cards.ts';
import { validateStoredSession } from '../stores/session-calls.ts';
import { $session } from '../stores/session.ts';
import { clearPersonalCaches, personalCacheName } from '../lib/offline-caches.ts';

export async function startSignedIn(): Promise<void> {
  const header = document.querySelector<HTMLElement>('[data-account-menu]');
  let unmount: (() => void) | undefined;
  const { mountAccountMenu } = await import('../islands/account/mount-account-menu.tsx');

  const follow = (signedIn: boolean) => {
    document.documentElement.toggleAttribute('data-signed-in', signedIn);
    if (signedIn && !unmount && header) unmount = mountAccountMenu(header);
    if (!signedIn && unmount) {
      unmount();
      unmount = undefined;
    }
  };
  follow(Boolean($session.get()));
  let token = $session.get()?.token;
  $session.listen((session) => {
    follow(Boolean(session));
    // The service worker's copies of the user's own answers go with the session (here or in another
    // tab), so the next person on this browser never sees them offline.
    if (!session) void clearPersonalCaches().catch(() => {});
    else if (session.token !== token)
      void personalCacheName(session.token)
        .then(clearPersonalCaches)
        .catch(() => {});
    // Signed in again, perhaps as someone else, in another tab (not a mere refresh of the user).
    if (session && session.token !== token) {
      void loadFavorites();
      void syncMyCardsWithAccount();
    }
    token = session?.token;
  });
  if (await validateStoredSession()) await Promise.all([loadFavorites(), syncMyCardsWithAccount()]);
}
