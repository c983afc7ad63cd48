// npm run team: makes the account with a mobile number a team account, or creates a verified one
// (scripts/team.ts runs it; the options' parsing and the database are in ../lib/account-command.ts).
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { ACCOUNT_OPTIONS_USAGE, COMMON_USAGE, accountCommand } from '../lib/account-command.ts';

const USAGE = `Usage: npm run team -- --mobile 771234567 [options]

Makes the account with this mobile number a team account (userType 3), which signs in on the usual
sign-in page and gets the team console (/console/team/review). When no account uses the number,
creates a verified team account: --first-name and --password are then required.

${ACCOUNT_OPTIONS_USAGE}
${COMMON_USAGE}`;

export const teamCommand = accountCommand({
  name: 'team',
  usage: USAGE,
  textFields: { mobile: 'mobileNo', 'first-name': 'firstName', password: 'password' },
  async run(db, input, console) {
    const { user, created } = await createOrPromoteTeamMember(db, input);
    console.log(
      `${created ? 'Created' : 'Promoted'} team account ${user.mobileNo} (user ${user.userId}, ${user.firstName}). It signs in at /sign-in and gets the console at /console/team/review.`,
    );
    if (!user.isMobileVerification)
      console.log('Note: this number is not verified yet; its owner verifies it by code at sign-in.');
    if (user.isAccountBlock) console.log('Note: this account is blocked and cannot sign in.');
  },
});
