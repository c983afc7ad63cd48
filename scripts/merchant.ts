// Makes a merchant account: npm run merchant -- --mobile 771234567 [--business-name ... --password ...]
// Sign-up is open to customers only (spec §1), so the team promotes an account, or creates one.
// Opens the database as the server does: DATABASE_URL (PostgreSQL) when set, otherwise PGlite in
// DATA_DIR (default ./data), which only one process may have open: stop `npm start` first.
import { parseArgs } from 'node:util';
import { describeDatabase, openDatabaseFromEnv } from '../src/server/db/client.ts';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.ts';
import { readDatabaseEnv } from '../src/server/env.ts';
import { HttpFailure } from '../src/server/errors.ts';
import { createOrPromoteMerchant, type MerchantAccountFields } from '../src/server/services/merchant-accounts.ts';

const USAGE = `Usage: npm run merchant -- --mobile 771234567 [options]

Makes the account with this mobile number a merchant (userType 2). When no account uses the
number, creates a verified merchant account: --first-name and --password are then required.
Given fields are saved on the account and its merchant row; others are kept.

  --mobile N            the account's mobile number, 9 digits without +94 (required)
  --first-name TEXT     the person's first name (required for a new account)
  --password TEXT       a new account's password: 8 to 64 characters with a lower-case letter,
                        an upper-case letter and a digit, and not easy to guess. Not accepted for an
                        existing account (its owner resets it with the reset flow).
  --business-name TEXT  the business's name, shown as the merchant of its offers
  --br-no TEXT          business registration number
  --company-email TEXT  the business's email (shown on its offers)
  --contact-no N        the business's phone, 9 digits (shown on its offers; default the mobile)
  --address-no TEXT     address: number
  --street-name TEXT    address: street
  --city TEXT           address: city
  -h, --help            show this help

Database: DATABASE_URL (PostgreSQL) when set, else PGlite in DATA_DIR (default ./data).
With PGlite, stop the server first: the database can be open in one process only.

Exit status: 0 done, 1 bad arguments or input, 2 the database could not be opened or written.`;

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
} as const satisfies Record<string, keyof MerchantAccountFields>;
type Option = keyof typeof FIELDS;

function fail(message: string, status = 1): never {
  console.error(`merchant: ${message}`);
  if (status === 1) console.error('Run with --help for usage.');
  process.exit(status);
}

function parseOptions(): MerchantAccountFields {
  let values: Partial<Record<Option, string>> & { help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        ...Object.fromEntries(Object.keys(FIELDS).map((name) => [name, { type: 'string' as const }])),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }) as { values: typeof values });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.mobile === undefined) fail('--mobile is required.');
  const input: Record<string, string> = {};
  for (const [option, field] of Object.entries(FIELDS)) {
    const value = values[option as Option];
    if (value !== undefined) input[field] = value;
  }
  return input as MerchantAccountFields;
}

/** The service's field names back as the options the operator typed. */
const OPTION_OF_FIELD = Object.fromEntries(Object.entries(FIELDS).map(([option, field]) => [field, `--${option}`]));

async function main(): Promise<void> {
  const input = parseOptions();
  let env: ReturnType<typeof readDatabaseEnv>;
  try {
    env = readDatabaseEnv();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2); // the database cannot be opened
  }

  let handle;
  try {
    handle = await openDatabaseFromEnv(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message, 2);
    fail(`could not open the database (${describeDatabase(env)}): ${error instanceof Error ? error.message : error}`, 2);
  }
  let refusal: string | undefined;
  try {
    const { user, merchantId, created } = await createOrPromoteMerchant(handle.db, input);
    console.log(`${created ? 'Created' : 'Promoted'} merchant account ${user.mobileNo} (user ${user.userId}, merchant ${merchantId}).`);
    console.table({
      firstName: user.firstName, businessName: user.businessName, BRno: user.brNo, companyEmail: user.companyEmail,
      contactNo: user.contactNo, addressNo: user.addressNo, streetName: user.streetName, city: user.city,
    });
    if (!user.isMobileVerification) console.log('Note: this number is not verified yet; its owner verifies it by code at sign-in.');
    if (user.isAccountBlock) console.log('Note: this account is blocked by the team and cannot sign in.');
  } catch (error) {
    // Bad input (400) or a number taken meanwhile (409): the operator's to fix, said in the options' words.
    if (!(error instanceof HttpFailure) || error.httpStatus >= 500) throw error;
    const issues = (error.extra.issues as Array<{ path: string; message: string }> | undefined) ?? [];
    // One line per option and message (a password can break one rule several ways).
    refusal = issues.length ? [...new Set(issues.map((issue) => `${OPTION_OF_FIELD[issue.path] ?? issue.path}: ${issue.message}`))].join('\n  ') : error.message;
  } finally {
    await handle.close();
  }
  if (refusal) fail(refusal);
}

main().catch((error: unknown) => {
  console.error('merchant: failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(2);
});
