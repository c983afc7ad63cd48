// Request parsing against the contract: every failure becomes a 400 with the valibot issues.
import type { Context } from 'hono';
import * as v from 'valibot';
import { badRequest } from './errors.ts';

export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issues = result.issues.slice(0, 20).map((issue) => ({ path: v.getDotPath(issue) ?? '', message: issue.message }));
  const first = issues[0]!;
  throw badRequest(first.path ? `${first.path}: ${first.message}` : first.message, { issues });
}

export async function parseJsonBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
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

const notJson = () => badRequest('The request body must be JSON.', { issues: [{ path: '', message: 'Invalid JSON' }] });

function parseBodyObject<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  // valibot's object() also accepts arrays; every request body here is an object.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.', { issues: [{ path: '', message: 'Expected an object' }] });
  }
  return parseInput(schema, body);
}

export const parseParams = <S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> => parseInput(schema, c.req.param());
export const parseQuery = <S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> => parseInput(schema, c.req.query());
