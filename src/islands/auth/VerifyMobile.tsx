// /verify-mobileNo (spec §2, §4): code entry only, for the number sign-in handed over (see
// VERIFY_HANDOVER_KEY in account-forms.ts). A right code verifies the number and signs in, then the
// visitor goes where sign-in was going (returnTo) or home. At most CLIENT_RESEND_LIMIT resends a visit.
import { useEffect, useState } from 'react';
import type { Refusal, SignedIn } from '../../client/accounts.ts';
import { CLIENT_RESEND_LIMIT } from '../../lib/constants.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { startSession } from '../../stores/session.ts';
import Notices from '../Notices.tsx';
import { messageParts, slot } from '../ui/message-parts.tsx';
import {
  clearVerifyHandover,
  inPageLanguage,
  readVerifyHandover,
  saveVerifyHandover,
  type VerifyHandoverData,
} from './account-forms.ts';
import { showRefusalAndGoHome } from './auth-notices.ts';
import { GoingHome } from './fields.tsx';
import OneTimeCode from './OneTimeCode.tsx';
import '../ui/auth.css';

export default function VerifyMobile() {
  // Unknown in the build and the first render ('loading'); read from this tab's storage after mount.
  const [handover, setHandover] = useState<VerifyHandoverData | 'loading' | 'none'>('loading');
  const [goingHome, setGoingHome] = useState(false);
  useEffect(() => setHandover(readVerifyHandover() ?? 'none'), []);

  if (handover === 'none') {
    return (
      <p className="auth-inline-message">
        {messageParts(m.account_verify_none({ signIn: slot(0) }), [
          <a href={localePath('/sign-in')}>{m.account_sign_in()}</a>,
        ])}
      </p>
    );
  }
  if (goingHome)
    return (
      <>
        <GoingHome />
        <Notices />
      </>
    );

  const current = handover === 'loading' ? undefined : handover;
  function verified({ token, user }: SignedIn) {
    clearVerifyHandover();
    startSession(token, user);
    location.assign(inPageLanguage(current?.returnTo ?? '/'));
  }
  function refused(refusal: Refusal) {
    clearVerifyHandover();
    setGoingHome(true);
    showRefusalAndGoHome(refusal);
  }

  return (
    <>
      <OneTimeCode
        idPrefix="verify"
        submitLabel={m.account_verify()}
        resendLimit={CLIENT_RESEND_LIMIT}
        disabled={!current}
        mobileNo={current?.mobileNo ?? ''}
        userId={current?.userId ?? null}
        token={current?.token ?? ''}
        onVerified={verified}
        onRefused={refused}
        onResent={(token) => {
          if (current) saveVerifyHandover({ ...current, token });
        }}
      />
      <Notices />
    </>
  );
}
