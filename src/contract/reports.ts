// 'Report a problem' on an offer (the offer page and the offer modal, guests too). Imported from
// here, not through the contract's index, so that only the pages with the form carry it.
import * as v from 'valibot';
import { InsightId, NoNul } from './index.ts';
import { REPORT_MESSAGES } from './report-messages.ts';

/** The reasons' names are messages: the form's (browse_report_reason_…) and the team console's. */
export const REPORT_REASONS = ['expired', 'wrongDetails', 'brokenLink', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_MESSAGE_MAX = 1000;

export const ReportRequest = v.pipe(
  v.object({
    reason: v.picklist(REPORT_REASONS, REPORT_MESSAGES.chooseReason),
    message: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(REPORT_MESSAGE_MAX, `At most ${REPORT_MESSAGE_MAX} characters.`), NoNul),
      '',
    ),
    insightId: v.nullish(v.union([InsightId, v.literal('')])),
  }),
  v.forward(
    v.check((input) => input.reason !== 'other' || input.message !== '', REPORT_MESSAGES.tellUsWhatIsWrong),
    ['message'],
  ),
);
export const ReportResponse = v.object({ status: v.literal(true), message: v.string() });
