// The contract's failure answer, on its own: every browser call reads it (src/client/http.ts), so a
// page that calls one small route loads these few schemas, not every answer's (responses.ts).
import * as v from 'valibot';

/**
 * The stable code beside an English message (src/contract/error-codes.ts), and the values its text
 * holds ({ max: 40 }). The server always sends `code`; it is optional here so that an answer without
 * one (an older server) still reads.
 */
export const ErrorCodeFields = {
  code: v.optional(v.string()),
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
};
/** A request's field the server refused, by its path ('mobileNo', 'hotLine.email.0'), with the text to show. */
export const Issue = v.object({ path: v.string(), message: v.string(), ...ErrorCodeFields });
export type ApiIssue = v.InferOutput<typeof Issue>;
/** Every failure the API answers on purpose; a validation error (400) carries its issues. */
export const ErrorResponse = v.object({
  status: v.literal(false),
  message: v.string(),
  ...ErrorCodeFields,
  issues: v.optional(v.array(Issue)),
});
