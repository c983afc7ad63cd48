// Inline form messages from a contract schema (spec §5), so a form says exactly what the API would.
import * as v from 'valibot';
import { MESSAGES, type ApiIssue } from '../contract/index.ts';

/**
 * Each field's first message from `schema`, by field name. An empty or blank required field says
 * 'Field is required. ' whatever its other rules say (a blank mobile number is not 'Invalid mobile no').
 */
export function fieldErrors<TName extends string>(
  schema: v.GenericSchema,
  values: Record<TName, string>,
  required: readonly TName[],
): Partial<Record<TName, string>> {
  const result = v.safeParse(schema, values);
  const byField: Record<string, readonly string[] | undefined> = result.success ? {} : v.flatten(result.issues).nested ?? {};
  const errors: Partial<Record<TName, string>> = {};
  for (const name of Object.keys(values) as TName[]) {
    const message = required.includes(name) && !values[name].trim() ? MESSAGES.required : byField[name]?.[0];
    if (message) errors[name] = message;
  }
  return errors;
}

/** The server's validation issues (ApiError.issues) as the same map, for fields of the form only. */
export function issuesByField<TName extends string>(issues: readonly ApiIssue[], names: readonly TName[]): Partial<Record<TName, string>> {
  const errors: Partial<Record<TName, string>> = {};
  for (const issue of issues) {
    const name = names.find((candidate) => candidate === issue.path);
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}
