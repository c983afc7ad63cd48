// /console/merchant/profile, Company Profile (spec §2 'Merchant console'): the company's details,
// read-only, and the account's review status in three steps, none done yet (spec §4 'Merchant
// profile review flow': submitted, review, activation). The user is the session's, refreshed from
// the API at each load (src/scripts/signed-in.ts).
import { useStore } from '@nanostores/react';
import { $user } from '../../stores/session.ts';
import { COMPANY_FIELDS, MERCHANT_REVIEW_INTRO, MERCHANT_REVIEW_STEPS, NOT_GIVEN } from './texts.ts';
import './console.css';

export default function CompanyProfile() {
  const user = useStore($user);
  if (!user) return null;
  return (
    <div className="company-profile">
      <section className="card console-card" aria-labelledby="company-details-title">
        <h2 id="company-details-title">Company details</h2>
        <dl className="company-fields">
          {COMPANY_FIELDS.map(({ key, label }) => {
            const value = user[key]?.trim();
            return (
              <div key={key} data-company-field={key}>
                <dt>{label}</dt>
                <dd className={value ? undefined : 'is-empty'}>{value || NOT_GIVEN}</dd>
              </div>
            );
          })}
        </dl>
      </section>
      <section className="card console-card" aria-labelledby="company-review-title">
        <h2 id="company-review-title">Account status</h2>
        <p>{MERCHANT_REVIEW_INTRO}</p>
        <ol className="review-steps">
          {MERCHANT_REVIEW_STEPS.map((name, index) => (
            <li key={name} data-review-step data-done="false">
              <span className="review-step-marker" aria-hidden="true">{index + 1}</span>
              <span>{name}<span className="visually-hidden"> (not done yet)</span></span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
