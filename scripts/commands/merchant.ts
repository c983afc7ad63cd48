// npm run merchant: makes the account with a mobile number a merchant, or creates a verified
// merchant account (scripts/merchant.ts runs it; the options' parsing and the database are in
// ../lib/account-command.ts).
import { createOrPromoteMerchant, type MerchantAccountFields } from '../../src/server/domain/merchant-accounts.ts';
import { ACCOUNT_OPTIONS_USAGE, COMMON_USAGE, accountCommand } from '../lib/account-command.ts';

const USAGE = `Usage: npm run merchant -- --mobile 771234567 [options]

Makes the account with this mobile number a merchant (userType 2). When no account uses the
number, creates a verified merchant account: --first-name and --password are then required.
Given fields are saved on the account and its merchant row; others are kept.

${ACCOUNT_OPTIONS_USAGE}
  --business-name TEXT  the business's name, shown as the merchant of its offers
  --br-no TEXT          business registration number
  --company-email TEXT  the business's email (shown on its offers)
  --contact-no N        the business's phone, 9 digits (shown on its offers; default the mobile)
  --address-no TEXT     address: number
  --street-name TEXT    address: street
  --city TEXT           address: city
  --activated           the company's review is done: it can send offers at once (otherwise the
                        team activates it in the console's Merchants page)
${COMMON_USAGE}`;

/** Command-line option → field of the merchant input. */
const FIELDS = {
  mobile: 'mobileNo',
  'first-name': 'firstName',
  password: 'password',
  'business-name': 'businessName',
  'br-no': 'BRno',
  'company-email': 'companyEmail',
  'contact-no': 'contactNo',
  'address-no': 'addressNo',
  'street-name': 'streetName',
  city: 'city',
} as const satisfies Record<string, Exclude<keyof MerchantAccountFields, 'activated'>>;

export const merchantCommand = accountCommand({
  name: 'merchant',
  usage: USAGE,
  textFields: FIELDS,
  flagFields: { activated: 'activated' },
  async run(db, input, console) {
    const { user, merchantId, created } = await createOrPromoteMerchant(db, input as MerchantAccountFields);
    console.log(
      `${created ? 'Created' : 'Promoted'} merchant account ${user.mobileNo} (user ${user.userId}, merchant ${merchantId}).`,
    );
    console.table({
      firstName: user.firstName,
      businessName: user.businessName,
      BRno: user.brNo,
      companyEmail: user.companyEmail,
      contactNo: user.contactNo,
      addressNo: user.addressNo,
      streetName: user.streetName,
      city: user.city,
      review: user.merchantStep ?? 'not started',
    });
    if (user.merchantStep !== 'activated')
      console.log(
        'Note: the company is not activated yet, so it cannot send offers. Activate it in the team console (Merchants), or run again with --activated.',
      );
    if (!user.isMobileVerification)
      console.log('Note: this number is not verified yet; its owner verifies it by code at sign-in.');
    if (user.isAccountBlock) console.log('Note: this account is blocked by the team and cannot sign in.');
  },
});
