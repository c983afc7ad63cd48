// The Profile View modal (spec §2 'Update Mobile Number modal' paragraph): the profile dropdown's
// Profile opens the signed-in user's ProfilePanel over the page. The panel (and the profile's API
// calls) load on first opening, so the header stays light.
import { lazy, Suspense } from 'react';
import { PROFILE_VIEW_TITLE } from '../profile/texts.ts';
import Dialog from './Dialog.tsx';
import DialogHead from './DialogHead.tsx';

const ProfilePanel = lazy(() => import('../profile/ProfilePanel.tsx'));

export default function ProfileView({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="profile-view-title" className="account-profile-view">
      <DialogHead titleId="profile-view-title" title={PROFILE_VIEW_TITLE} onClose={onClose} />
      {open && (
        <Suspense fallback={<p className="account-favorites-loading" role="status"><span className="account-spinner" aria-hidden="true" />Loading your profile…</p>}>
          <ProfilePanel variant="dialog" />
        </Suspense>
      )}
    </Dialog>
  );
}
