// 'Report a problem' on an offer (the offer page and the offer modal, guests too). Imported from
// here, not through the contract's index, so that only the pages with the form carry it.
import * as v from 'valibot';
import {
  error_report_message_required,
  error_report_reason_required,
  error_too_long,
} from '../../messages/errors/en.json';
import { fillText } from './error-texts.ts';
import { InsightId, NoNul } from './index.ts';

/** The reasons' names are messages: the form's (browse_report_reason_…) and the team console's. */
export const REPORT_REASONS = ['expired', 'wrongDetails', 'brokenLink', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_MESSAGE_MAX = 1000;

/** The answer's thank-you; the checks' texts are their codes' (error-codes.ts: report_reason_required, …). */
export const REPORT_MESSAGES = {
  sent: 'Thank you. The team will look at this offer.',
} as const;

export const ReportRequest = v.pipe(
  v.object({
    reason: v.picklist(REPORT_REASONS, error_report_reason_required),
    message: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(REPORT_MESSAGE_MAX, fillText(error_too_long, { max: REPORT_MESSAGE_MAX })),
        NoNul,
      ),
      '',
    ),
    insightId: v.nullish(v.union([InsightId, v.literal('')])),
  }),
  v.forward(
    v.check((input) => input.reason !== 'other' || input.message !== '', error_report_message_required),
    ['message'],
  ),
);
export const ReportResponse = v.object({ status: v.literal(true), message: v.string() });
