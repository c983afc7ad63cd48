// The browser's way to call our services: one ky instance per service (DECISIONS.md "APIs"), and
// readAnswer(), which checks an answer against its contract schema and turns every failure into an
// ApiError whose message an island can show as it is: the server's own text where it sent one, in
// the page's language (its code's message, src/lib/error-text.ts). A success's message is put in the
// page's language the same way.
import ky, { HTTPError, TimeoutError, type KyInstance, type Options, type ResponsePromise } from 'ky';
import * as v from 'valibot';
import { ErrorResponse, type ApiIssue } from '../contract/error-response.ts';
import { CLIENT_ERROR_TEXTS } from '../lib/constants.ts';
import { PUBLIC_API_URL, PUBLIC_INSIGHT_URL } from '../lib/public-config.ts';
import { baseLocale, getLocale } from '../paraglide/runtime.js';

/** How long a visitor waits for an answer before being asked to try again. */
export const REQUEST_TIMEOUT_MS = 8_000;

export { CLIENT_ERROR_TEXTS };

/** A failed call. `status` is the HTTP status, or 0 when no answer came (network, timeout). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's validation issues (400), by field path, for inline messages. */
  readonly issues: ApiIssue[];
  /** The message's code and values (docs/api.md §1.4), when the answer gave them. */
  readonly code: string | undefined;
  readonly params: ApiIssue['params'];

  constructor(message: string, status: number, issues: ApiIssue[] = [], code?: string, params?: ApiIssue['params']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.issues = issues;
    this.code = code;
    this.params = params;
  }
}

/** A client for one service. `prefixUrl` may be relative ('/api'): the browser resolves it against the page. */
export function createServiceClient(prefixUrl: string, options: Options = {}): KyInstance {
  return ky.create({
    prefixUrl,
    timeout: REQUEST_TIMEOUT_MS,
    // Reads may be tried again; a POST (a subscription, a feedback message) is sent once, never twice.
    retry: { limit: 1, methods: ['get'] },
    // The page's language, not the browser's: the account keeps it, and the SMS and e-mails use it.
    headers: { accept: 'application/json', 'accept-language': getLocale() },
    ...options,
  });
}

export const mainApi = createServiceClient(PUBLIC_API_URL);
export const insightApi = createServiceClient(PUBLIC_INSIGHT_URL);

/** Awaits a request and returns its body parsed with `schema`; throws ApiError for every failure. */
export async function readAnswer<TSchema extends v.GenericSchema>(
  schema: TSchema,
  request: ResponsePromise | Promise<Response>,
): Promise<v.InferOutput<TSchema>> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    throw await inPageLanguage(await errorFromFailure(error));
  }
  const body = await readJson(response);
  let answer: v.InferOutput<TSchema>;
  try {
    answer = parseAnswer(schema, response.status, body);
  } catch (error) {
    throw error instanceof ApiError ? await inPageLanguage(error) : error;
  }
  return messageInPageLanguage(answer);
}

/** Awaits a request for a file (a download); throws ApiError for every failure, as readAnswer does. */
export async function readFile(request: ResponsePromise): Promise<Blob> {
  try {
    return await (await request).blob();
  } catch (error) {
    throw await inPageLanguage(await errorFromFailure(error));
  }
}

/** A successful answer's body checked against the contract: another shape is an error, not data. */
export function parseAnswer<TSchema extends v.GenericSchema>(
  schema: TSchema,
  status: number,
  body: unknown,
): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  throw errorFromAnswer(status, body);
}

/**
 * An error answer as the visitor should read it. A { status:false, message } body gives its message;
 * a validation error (400 with issues) gives its first issue's text, since `message` prefixes it with
 * the field's path ("mobileNo: Invalid mobile no").
 */
export function errorFromAnswer(status: number, body: unknown): ApiError {
  const error = v.safeParse(ErrorResponse, body);
  if (error.success) {
    const issues = error.output.issues ?? [];
    const shown = issues[0] ?? error.output;
    return new ApiError(shown.message, status, issues, shown.code, shown.params);
  }
  return new ApiError(status === 429 ? CLIENT_ERROR_TEXTS.tooManyRequests : CLIENT_ERROR_TEXTS.unexpected, status);
}

async function errorFromFailure(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) return errorFromAnswer(error.response.status, await readJson(error.response));
  if (error instanceof TimeoutError) return new ApiError(CLIENT_ERROR_TEXTS.timeout, 0);
  return new ApiError(CLIENT_ERROR_TEXTS.network, 0); // fetch rejects only when no answer came
}

/** The texts in the page's language (src/lib/error-text.ts): none on an English page, or when they cannot load (offline). */
const pageLanguageTexts = () =>
  getLocale() === baseLocale ? Promise.resolve(undefined) : import('../lib/error-text.ts').catch(() => undefined);

/**
 * The error with its message and issues in the page's language. The texts load with the first error
 * on a Sinhala or Tamil page, never on an English one; if they cannot load (offline), English stays.
 */
async function inPageLanguage(error: ApiError): Promise<ApiError> {
  const texts = await pageLanguageTexts();
  if (!texts) return error;
  const issues = error.issues.map((issue) => ({
    ...issue,
    message: texts.errorText(issue.message, issue.code, issue.params),
  }));
  return new ApiError(
    texts.errorText(error.message, error.code, error.params),
    error.status,
    issues,
    error.code,
    error.params,
  );
}

/**
 * An answer's own `message` (a success, or a refusal answered with 200) in the page's language, as
 * errors are: by its code, or by its English text. Loaded as the errors' texts are, never in English.
 */
async function messageInPageLanguage<T>(answer: T): Promise<T> {
  if (typeof answer !== 'object' || answer === null) return answer;
  const { message, code } = answer as { message?: unknown; code?: unknown };
  if (typeof message !== 'string') return answer;
  const texts = await pageLanguageTexts();
  if (!texts) return answer;
  return { ...answer, message: texts.errorText(message, typeof code === 'string' ? code : undefined) };
}

/** The body as JSON, or undefined when it is not JSON (a proxy's HTML error page, say). */
const readJson = (response: Response): Promise<unknown> => response.json().catch(() => undefined);

/** The text to show for a failed call: the ApiError's message, or a general one for anything else. */
export const failureText = (error: unknown): string =>
  error instanceof ApiError ? error.message : CLIENT_ERROR_TEXTS.unexpected;
