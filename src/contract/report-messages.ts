// The texts of 'Report a problem': its checks and its thank-you. Apart from the schemas (reports.ts),
// so that the error codes (error-codes.ts) list them without the contract's schemas.
export const REPORT_MESSAGES = {
  chooseReason: 'Choose what is wrong.',
  tellUsWhatIsWrong: 'Tell us what is wrong.',
  sent: 'Thank you. The team will look at this offer.',
} as const;
