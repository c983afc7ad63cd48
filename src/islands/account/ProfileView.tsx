// The Profile View modal (spec §2 'Update Mobile Number modal' paragraph): the profile dropdown's
// Profile opens the signed-in user's ProfilePanel over the page. The panel (and the profile's API
// calls) load on first opening, so the header stays light.
import { lazy, Suspense } from 'react';
import { m } from '../../paraglide/messages.js';
import TitledDialog from '../ui/TitledDialog.tsx';

const ProfilePanel = lazy(() => import('../profile/ProfilePanel.tsx'));

export default function ProfileView({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <TitledDialog open={open} onClose={onClose} className="account-profile-view" title={m.account_profile_title()}>
      {open && (
        <Suspense
          fallback={
            <p className="account-favorites-loading" role="status">
              <span className="account-spinner" aria-hidden="true" />
              {m.account_profile_loading()}
            </p>
          }
        >
          <ProfilePanel variant="dialog" />
        </Suspense>
      )}
    </TitledDialog>
  );
}
