// 'Report a problem' texts: the offer page's button, the offer modal's and the form
// (ReportProblem.tsx). The reasons, the limit and the thank-you are the contract's (contract/reports.ts).
export const REPORT_PROBLEM = 'Report a problem';
export const REPORT_REASON_LEGEND = 'What is wrong with this offer?';
export const REPORT_MESSAGE_LABEL = 'Tell us more';
export const REPORT_MESSAGE_OPTIONAL = 'Tell us more (optional)';
export const REPORT_SEND = 'Send';
export const REPORT_SENDING = 'Sending…';
export const REPORT_CANCEL = 'Cancel';
export const REPORT_CLOSE = 'Close';
/** Under the message: how much of the limit is used. */
export const reportMessageCount = (used: number, max: number) => `${used} of ${max} characters`;
