// Inline form messages from a contract schema (spec §5), so a form says exactly what the API would,
// in the page's language.
import * as v from 'valibot';
import type { ApiIssue } from '../contract/index.ts';
// The forms' schemas read their texts there too: a form's code carries it already.
import { ERROR_CODES } from '../contract/error-codes.ts';
import { baseLocale, getLocale } from '../paraglide/runtime.js';

/**
 * The texts in the page's language (src/lib/error-text.ts). A form's messages are made while it is
 * checked, without waiting, so on a Sinhala or Tamil page they load as soon as a form's code does
 * (never on an English page, whose texts are the contract's own). Until then a message shows in English.
 */
let errorText: ((text: string) => string) | undefined;
const textsLoaded: Promise<void> =
  typeof window !== 'undefined' && getLocale() !== baseLocale
    ? import('./error-text.ts').then(
        (texts) => {
          errorText = (text) => texts.errorText(text);
        },
        () => {},
      )
    : Promise.resolve();

/** A contract text (an ERROR_CODES text and the like) in the page's language, as the forms' messages are. */
export const contractText = (text: string): string => errorText?.(text) ?? text;

/**
 * Settles once contractText speaks the page's language (or its texts failed to load). A notice stays
 * as it was made, so one made on a press waits for it: a press on a slow phone can come first.
 */
export const contractTextsLoaded = (): Promise<void> => textsLoaded;

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
  const byField: Record<string, readonly string[] | undefined> = result.success
    ? {}
    : (v.flatten(result.issues).nested ?? {});
  const errors: Partial<Record<TName, string>> = {};
  for (const name of Object.keys(values) as TName[]) {
    const message = required.includes(name) && !values[name].trim() ? ERROR_CODES.required : byField[name]?.[0];
    if (message) errors[name] = contractText(message);
  }
  return errors;
}

/**
 * The server's validation issues (ApiError.issues) as the same map, for fields of the form only.
 * src/client/http.ts has already put their messages in the page's language.
 */
export function issuesByField<TName extends string>(
  issues: readonly ApiIssue[],
  names: readonly TName[],
): Partial<Record<TName, string>> {
  const errors: Partial<Record<TName, string>> = {};
  for (const issue of issues) {
    const name = names.find((candidate) => candidate === issue.path);
    if (name && !errors[name]) errors[name] = issue.message;
  }
  return errors;
}
