// The stable `code` every error answer carries beside its English `message` (docs/api.md §1.4), so
// that the browser can say it in the visitor's language. The code is the source: the message
// catalogue (messages/errors/{en,si,ta}.json, compiled by Paraglide) holds each code's text in each
// language, `error_<code>`, and its English one is the API's `message`. A code never changes once
// shipped: add codes, never rename or reuse one.
// An English text is mapped back to its code (describeText) for the texts that arrive as text: a
// schema's issue, a form's own check. Those that say a code's meaning in other words are listed in
// OTHER_TEXTS. The server, the tests and the contract's schemas (so the browser's forms too) read
// their error texts here; it imports no schema, so that every schema may import it.
import CATALOGUE from '../../messages/errors/en.json';
// One text by name, not the whole catalogue: the browser's error-text bundle would carry all of its English.
import { account_sign_in_wait_minutes } from '../../messages/account/en.json';
import { OTHER_WORDINGS, REQUEST_ISSUES } from './error-texts.ts';

/** A text with `{name}` where the API writes a value in: the answer carries the values as `params`. */
interface Template {
  readonly template: string;
}

type CodeOf<Key> = Key extends `error_${infer Code}` ? Code : never;
export type ErrorCode = CodeOf<keyof typeof CATALOGUE>;
/** Values a text's `{name}` places hold: numbers as numbers. */
export type ErrorParams = Record<string, string | number>;

/** Every code with its English text (a template's `{name}` places left in): the catalogue's, its escaped braces (`\{`) as braces. */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(CATALOGUE).flatMap(([key, text]) =>
    key.startsWith('error_') ? [[key.slice('error_'.length), text.replace(/\\([{}])/g, '$1')]] : [],
  ),
) as Readonly<Record<ErrorCode, string>>;

export { OTHER_WORDINGS, REQUEST_ISSUES };

/**
 * English texts that say what a code says in other words: the issues beside a request's JSON
 * errors, OTHER_WORDINGS, a long sign-in wait counted in minutes and reminders for several days.
 */
const OTHER_TEXTS: { readonly [Code in ErrorCode]?: readonly string[] } = {
  not_json: [REQUEST_ISSUES.invalidJson],
  not_json_object: [REQUEST_ISSUES.expectedObject],
  required: [OTHER_WORDINGS.feedRequired],
  sign_in_wait: [account_sign_in_wait_minutes],
  invalid_email: [OTHER_WORDINGS.alertInvalidEmail],
  end_before_start: [OTHER_WORDINGS.feedEndBeforeStart],
  unknown_bank_id: [OTHER_WORDINGS.myCardUnknownBank],
  not_http: [OTHER_WORDINGS.feedNotHttp],
  duplicate_card: [OTHER_WORDINGS.myCardTwice],
  reminders_on: ['Reminders on: we text you {days} days before your favourites end.'],
};

const textOrTemplate = (text: string): string | Template => (/\{\w+\}/.test(text) ? { template: text } : text);

/**
 * Each code's English texts, the catalogue's first. A code with several texts says one thing in
 * different words (each such code is named in tests/unit/error-codes.test.ts).
 */
export const ERROR_CODE_TEXTS = Object.fromEntries(
  (Object.entries(ERROR_CODES) as [ErrorCode, string][]).map(([code, text]) => [
    code,
    [text, ...(OTHER_TEXTS[code] ?? [])].map(textOrTemplate),
  ]),
) as unknown as Readonly<Record<ErrorCode, readonly [string | Template, ...(string | Template)[]]>>;

const placesOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/** A code's English text, the first whose `{name}` places `params` fill, filled: the API's `message` for it. */
export function englishText(code: ErrorCode, params: ErrorParams = {}): string {
  const texts = [ERROR_CODES[code], ...(OTHER_TEXTS[code] ?? [])];
  const text = texts.find((candidate) => placesOf(candidate).every((name) => params[name] !== undefined)) ?? texts[0]!;
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);

const codeByText = new Map<string, ErrorCode>();
const templates: { code: ErrorCode; pattern: RegExp; names: string[] }[] = [];
for (const [code, texts] of Object.entries(ERROR_CODE_TEXTS) as [ErrorCode, readonly (string | Template)[]][]) {
  for (const text of texts) {
    if (typeof text === 'string') {
      codeByText.set(text, code);
      continue;
    }
    const parts = text.template.split(/\{(\w+)\}/);
    const names = parts.filter((_, i) => i % 2 === 1);
    const source = parts
      .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    templates.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
  }
}

/** Whether `params` fill every `{name}` place of one of the code's English texts (a plain text has none). */
export const paramsFillCode = (code: ErrorCode, params: ErrorParams): boolean =>
  (ERROR_CODE_TEXTS[code] as readonly (string | Template)[]).some((text) => typeof text === 'string') ||
  templates.some((template) => template.code === code && template.names.every((name) => params[name] !== undefined));

/**
 * The code of an English text, with the values its template holds; a text prefixed by a field
 * ('token: This link is not valid…') has the code of the rest. Undefined for a text without one.
 */
export function describeText(text: string): { code: ErrorCode; params?: ErrorParams } | undefined {
  const exact = codeByText.get(text);
  if (exact) return { code: exact };
  for (const { code, pattern, names } of templates) {
    const match = pattern.exec(text);
    if (match)
      return {
        code,
        params: Object.fromEntries(
          names.map((name, i) => [name, /^\d+$/.test(match[i + 1]!) ? Number(match[i + 1]) : match[i + 1]!]),
        ),
      };
  }
  const field = /^[\w.]+: (.+)$/s.exec(text);
  return field ? describeText(field[1]!) : undefined;
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'sign_in_required',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'server_error',
  503: 'unavailable',
};

/** The code of an error whose text has none: by its HTTP status. */
export const statusErrorCode = (status: number): ErrorCode =>
  STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'bad_request');
