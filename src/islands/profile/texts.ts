// The profile's labels that depend on the account (spec §2, §6), for the panel, its logo upload and
// the team console. The other texts are messages (messages/account/).
import { USER_TYPES } from '../../contract/limits.ts';
import { SITE_NAME } from '../../lib/constants.ts';
import { m } from '../../paraglide/messages.js';

/** Spec §6: the profile's label for userType 1 and 2, and the team's 3; anything else shows 'error'. */
export function userTypeLabel(userType: number | string): string {
  const type = Number(userType);
  if (type === USER_TYPES.customer) return m.account_user_type_customer();
  if (type === USER_TYPES.merchant) return m.account_user_type_merchant();
  if (type === USER_TYPES.team) return m.account_user_type_team();
  return m.account_user_type_error();
}

/** Spec §2: a customer's account type; a merchant publishes offers (sign-up's 'I want to publish offers'); the team reviews them. */
export function accountTypeLabel(userType: number | string): string {
  const type = Number(userType);
  if (type === USER_TYPES.merchant) return m.account_type_publisher();
  return type === USER_TYPES.team ? m.account_type_team({ siteName: SITE_NAME }) : m.account_type_viewer();
}

/** The logo upload's label: a merchant's company logo, a customer's picture. */
export const logoLabel = (userType: number | string) =>
  Number(userType) === USER_TYPES.merchant ? m.account_logo_company() : m.account_logo_profile_picture();
