// Request parsing against the contract: every failure becomes a 400 with the valibot issues.
// Not @hono/valibot-validator: it reads a non-JSON body as {} (we answer 415), answers bad JSON with its own message and no issues, makes repeated query keys arrays, and as middleware would run before the sign-in and merchant checks.
import type { Context } from 'hono';
import * as v from 'valibot';
import { API_MESSAGES } from '../contract/api-messages.ts';
import { describeText, type ErrorCode, type ErrorParams } from '../contract/error-codes.ts';
import { failure, HttpFailure } from './errors.ts';

/** How many characters of a bad value an error answer quotes back. */
const QUOTE_MAX = 40;

/**
 * The issue's message with the value it quotes cut short: valibot writes the received value into
 * its messages ('…but received "xxxx…"'), and a 1 MB field must not come back in the answer.
 */
function issueMessage(issue: v.BaseIssue<unknown>): string {
  const { message, received } = issue;
  if (received.length <= QUOTE_MAX) return message;
  const quoted = received.startsWith('"') && received.endsWith('"');
  const shortened = quoted ? `"${received.slice(1, QUOTE_MAX + 1)}…"` : `${received.slice(0, QUOTE_MAX)}…`;
  return message.replaceAll(received, shortened);
}

/** The issue's code: its text's, else `required` for a missing field, else `invalid` (a schema's own wording). */
function issueCode(issue: v.BaseIssue<unknown>): { code: ErrorCode; params?: ErrorParams } {
  const missing = issue.type === 'object' && issue.received === 'undefined' && issue.expected?.startsWith('"');
  return describeText(issue.message) ?? { code: missing ? 'required' : 'invalid' };
}

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues = result.issues
    .slice(0, 20)
    .map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issueMessage(issue), ...issueCode(issue) }));
  const first = issues[0]!;
  // The answer says the first issue, so it carries that issue's code and values. A schema's
  // issues arrive as English text (its own wording, or ours): their codes are their texts'.
  throw new HttpFailure(400, first.path ? `${first.path}: ${first.message}` : first.message, first.code, first.params, {
    issues,
  });
}

/**
 * Refuses a body sent as anything but application/json with 415. A plain form or a text/plain
 * fetch from another site needs no CORS preflight; a JSON body does, so those never reach a route.
 * No body and no content type is left to the JSON check (400, as for any missing body).
 */
export async function assertJsonBody(c: Context): Promise<void> {
  const contentType = c.req.header('content-type');
  if (contentType?.split(';')[0]!.trim().toLowerCase() === 'application/json') return;
  // Hono keeps the text it read, so the route still reads the body after this.
  if (contentType === undefined && (await c.req.text().catch(() => '')) === '') return;
  throw failure(415, 'unsupported_media_type');
}

export async function parseJsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  await assertJsonBody(c);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw notJson();
  }
  return parseBodyObject(schema, body);
}

/** parseJsonBody for a body already read as text; `undefined` (it could not be read) is answered as invalid JSON. */
export function parseJsonText<S extends v.GenericSchema>(text: string | undefined, schema: S): v.InferOutput<S> {
  let body: unknown;
  try {
    body = JSON.parse(text ?? '');
  } catch {
    throw notJson();
  }
  return parseBodyObject(schema, body);
}

const notJson = () =>
  failure(400, 'not_json', undefined, { issues: [{ path: '', message: API_MESSAGES.invalidJson, code: 'not_json' }] });

function parseBodyObject<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  // valibot's object() also accepts arrays; every request body here is an object.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw failure(400, 'not_json_object', undefined, {
      issues: [{ path: '', message: API_MESSAGES.expectedObject, code: 'not_json_object' }],
    });
  }
  return parseInput(schema, body);
}

export const parseParams = <S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> =>
  parseInput(schema, c.req.param());
export const parseQuery = <S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> =>
  parseInput(schema, c.req.query());
