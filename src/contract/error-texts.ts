// For the contract's schemas, which import their error texts one by one by name from the catalogue
// (`import { error_too_long } from '../../messages/errors/en.json'`): the site's bundler keeps each
// named text alone, so a page's scripts carry only the texts their schemas name. error-codes.ts
// builds its tables (code to texts, texts to code) from the whole catalogue, for the server and for
// a form showing an error; the words here are shared with it.

/** The issues beside not_json and not_json_object: a JSON parser's and a schema's own words. */
export const REQUEST_ISSUES = { invalidJson: 'Invalid JSON', expectedObject: 'Expected an object' } as const;

/**
 * Answers' own words for a code's meaning, which their `message` keeps: the partner feed's (its
 * errors name the feed's fields), My Cards' and Alert me's.
 */
export const OTHER_WORDINGS = {
  feedRequired: 'Required.',
  feedNotHttp: 'Expected an http(s) address.',
  feedEndBeforeStart: 'validThrough must not be before validFrom.',
  myCardUnknownBank: 'There is no such bank.',
  myCardTwice: 'This card is in the list twice.',
  alertInvalidEmail: 'Enter a valid e-mail address.',
} as const;

/** A catalogue text with its `{name}` places filled (escaped braces, `\{`, as braces): as error-codes.ts's englishText gives it. */
export const fillText = (text: string, params: Record<string, string | number>): string =>
  text.replace(/\\([{}])/g, '$1').replace(/\{(\w+)\}/g, (place, name: string) => String(params[name] ?? place));
