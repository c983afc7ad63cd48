// 'Report a problem' texts: the offer page's button, the offer modal's and the form
// (ReportProblem.tsx). The limit and the thank-you are the contract's (contract/reports.ts).
import type { ReportReason } from '../../contract/reports.ts';
import { m } from '../../paraglide/messages.js';

/** The button's and the dialog's title, in the page's language. */
export const reportProblemText = (): string => m.browse_report_problem();
/** The reasons' names in the page's language. */
export const REPORT_REASON_TEXTS: Record<ReportReason, () => string> = {
  expired: m.browse_report_reason_expired,
  wrongDetails: m.browse_report_reason_wrong_details,
  brokenLink: m.browse_report_reason_broken_link,
  other: m.browse_report_reason_other,
};
/** Under the message: how much of the limit is used. */
export const reportMessageCount = (used: number, max: number) => m.browse_characters_used({ used, max });
