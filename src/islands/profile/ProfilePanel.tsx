// The signed-in user's profile (spec §2 'Update Mobile Number modal' paragraph, §3 User, §6): Name,
// Email, Contact No (+94, masked, with the verified tick and 'Change', which opens the Update
// Mobile Number modal), User Type and account type; the business fields, each marked 'unverified';
// the interests (tags) and the location, each with its picker; and the logo or picture upload.
// A second contact number shows apart from it, never as a second Contact No.
// Shown by the console's profile pages and, in the header, by the Profile View modal. Everything is
// read from the session's user, so a save shows here, in the header and in other tabs at once.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { UserData } from '../../contract/index.ts';
import { COUNTRY_CODES, USER_TYPES } from '../../contract/limits.ts';
import { maskMobile } from '../../lib/format-offer.ts';
import { localePath } from '../../lib/locale-path.ts';
import { m } from '../../paraglide/messages.js';
import { $user } from '../../stores/session.ts';
import VerifiedTick from '../ui/VerifiedTick.tsx';
import CalendarFeed from './CalendarFeed.tsx';
import LocationPicker from './LocationPicker.tsx';
import LogoUpload from './LogoUpload.tsx';
import RemindersSetting from './RemindersSetting.tsx';
import TagPicker from './TagPicker.tsx';
import { accountTypeLabel, userTypeLabel } from './texts.ts';
import { useCategories } from './use-catalogue.ts';
import profileCss from './profile.css?url';
import { categoryName } from '../../lib/translated.ts';
import Stylesheets from '../ui/Stylesheets.tsx';

const UpdateMobileDialog = lazy(() => import('../auth/UpdateMobileDialog.tsx'));

interface Props {
  /** 'page' on the console (sections are h2, Setting's #settings anchor); 'dialog' in the Profile View (h3). */
  variant?: 'page' | 'dialog';
  /** Leaves out a merchant's business details: the page shows them itself (the merchant console's Company Profile). */
  withoutBusinessDetails?: boolean;
}

export default function ProfilePanel({ variant = 'page', withoutBusinessDetails = false }: Props) {
  const user = useStore($user);
  const id = useId();
  const [saved, setSaved] = useState('');
  if (!user) {
    return (
      <p className="profile-signed-out">
        {m.account_profile_signed_out()} <a href={localePath('/sign-in')}>{m.account_sign_in()}</a>
      </p>
    );
  }
  const Heading = variant === 'dialog' ? 'h3' : 'h2';
  const SubHeading = variant === 'dialog' ? 'h4' : 'h3';
  const merchant = user.userType === USER_TYPES.merchant;
  const details = detailsOf(user, merchant);
  return (
    <div className={`profile-panel profile-panel-${variant}`}>
      <Stylesheets hrefs={[profileCss]} />
      <section className="profile-card profile-summary" aria-label={m.account_summary()}>
        <LogoUpload user={user} onUploaded={setSaved} />
        <div className="profile-summary-text">
          <p className="profile-name">{user.firstName}</p>
          <p className="profile-type">
            {userTypeLabel(user.userType)} · {accountTypeLabel(user.userType)}
          </p>
        </div>
      </section>

      <section className="profile-card" aria-labelledby={`${id}-account`}>
        <Heading id={`${id}-account`}>{m.account_account()}</Heading>
        <dl className="profile-list">
          <Row term={m.account_name()}>{user.firstName}</Row>
          <Row term={m.account_email()}>{user.email ?? <NotAdded />}</Row>
          <Row term={m.account_contact_no()}>
            <ContactNo user={user} />
          </Row>
          <Row term={m.account_user_type()}>{userTypeLabel(user.userType)}</Row>
          <Row term={m.account_account_type()}>{accountTypeLabel(user.userType)}</Row>
        </dl>
      </section>

      {details.length > 0 && !(merchant && withoutBusinessDetails) && (
        <section className="profile-card" aria-labelledby={`${id}-details`}>
          <Heading id={`${id}-details`}>{merchant ? m.account_business_details() : m.account_details()}</Heading>
          <dl className="profile-list">
            {details.map(([term, value]) => (
              <Unverified key={term} term={term} value={value} />
            ))}
          </dl>
        </section>
      )}

      <section
        className="profile-card"
        id={variant === 'page' ? 'settings' : undefined}
        aria-labelledby={`${id}-settings`}
      >
        <Heading id={`${id}-settings`}>{m.account_interests_and_location()}</Heading>
        <Interests user={user} heading={SubHeading} onSaved={setSaved} />
        <Location user={user} heading={SubHeading} onSaved={setSaved} />
      </section>

      <CalendarFeed heading={Heading} />
      <RemindersSetting heading={Heading} />

      {/* The last save's message (tags, location, picture), read out when it changes. */}
      <p className="profile-saved" role="status">
        {saved}
      </p>
    </div>
  );
}

/**
 * The fields the team has not reviewed (spec §2: each marked 'unverified'), beside the Account card's
 * Name, Email and verified Contact No, which they must not contradict: a merchant's business fields,
 * each shown ('Not added' says what to complete); a customer's only where they hold something. A
 * second contact number is never called the Contact No: that is the account's verified mobile.
 */
function detailsOf(user: UserData, merchant: boolean): [term: string, value: string | null][] {
  if (merchant) {
    return [
      [m.account_merchant_name(), user.businessName],
      [m.account_business_registration_no(), user.BRno],
      [m.account_company_contact_no(), user.contactNo],
      [m.account_company_email(), user.companyEmail],
      [m.account_address(), addressOf(user)],
      [m.account_phone(), user.phoneNo],
    ];
  }
  const otherContactNo = user.contactNo !== user.mobileNo ? user.contactNo : null;
  const rows: [string, string | null][] = [
    [m.account_other_contact_no(), otherContactNo],
    [m.account_address(), addressOf(user)],
    [m.account_phone(), user.phoneNo],
  ];
  return rows.filter(([, value]) => value);
}

/** The address as one line: the customer's address, or a merchant's number, street and city. */
function addressOf(user: UserData): string | null {
  return user.address ?? ([user.addressNo, user.streetName, user.city].filter(Boolean).join(', ') || null);
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const NotAdded = () => <span className="profile-empty">{m.account_not_added()}</span>;

/** A field the team has not reviewed (spec §2: each marked 'unverified'). */
function Unverified({ term, value }: { term: string; value: string | null }) {
  return (
    <Row term={term}>
      {value ?? <NotAdded />} <span className="profile-unverified">{m.account_unverified()}</span>
    </Row>
  );
}

/** '+94 771******' with the tick, and 'Change' opening the Update Mobile Number modal (loaded on first use). */
function ContactNo({ user }: { user: UserData }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <span className="profile-contact">
      <span className="profile-mobile">
        {COUNTRY_CODES[0]} {maskMobile(user.mobileNo)}
      </span>
      {user.isMobileVerification && <VerifiedTick />}
      <button
        type="button"
        className="profile-link-button"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {m.account_change()}
        <span className="visually-hidden"> {m.account_mobile_number_target()}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <UpdateMobileDialog open={open} onClose={() => setOpen(false)} mode="account" />
        </Suspense>
      )}
    </span>
  );
}

/** The tags as category names, and Edit opening 'Please select interested area'. */
interface SettingProps {
  user: UserData;
  heading: 'h3' | 'h4';
  onSaved: (message: string) => void;
}

function Interests({ user, heading: Heading, onSaved }: SettingProps) {
  const id = useId();
  const categories = useCategories();
  const [open, setOpen] = useState(false);
  const names =
    categories.state === 'ready'
      ? user.tags
          .map((tag) => categories.data.find((category) => category.categoryId === tag))
          .filter((category) => category !== undefined)
          .map((category) => categoryName(category))
      : [];
  return (
    <div className="profile-setting">
      <div className="profile-setting-head">
        <Heading className="profile-setting-title" id={`${id}-title`}>
          {m.account_interested_areas()}
        </Heading>
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {m.account_edit()}
          <span className="visually-hidden"> {m.account_interested_areas_target()}</span>
        </button>
      </div>
      {user.tags.length === 0 && <p className="profile-empty">{m.account_no_tags()}</p>}
      {user.tags.length > 0 && categories.state === 'loading' && (
        <p className="profile-status">{m.account_loading()}</p>
      )}
      {user.tags.length > 0 && categories.state === 'failed' && <p className="profile-failure">{categories.message}</p>}
      {names.length > 0 && (
        <ul className="profile-tags" aria-labelledby={`${id}-title`}>
          {names.map((name) => (
            <li key={name} className="tag">
              {name}
            </li>
          ))}
        </ul>
      )}
      {open && <TagPicker current={user.tags} onClose={() => setOpen(false)} onSaved={onSaved} />}
    </div>
  );
}

function Location({ user, heading: Heading, onSaved }: SettingProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="profile-setting">
      <div className="profile-setting-head">
        <Heading className="profile-setting-title">{m.account_location()}</Heading>
        <button type="button" className="button secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {user.location ? m.account_change() : m.account_choose()}
          <span className="visually-hidden"> {m.account_location_target()}</span>
        </button>
      </div>
      <p className="profile-location">{user.location ?? <NotAdded />}</p>
      {open && <LocationPicker current={user.location} onClose={() => setOpen(false)} onSaved={onSaved} />}
    </div>
  );
}
