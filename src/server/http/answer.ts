// Typed answers: the body has the shape of its response schema in the contract, so a handler that
// answers another shape does not compile. At run time this is c.json, nothing more.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';
import { englishText } from '../../contract/error-codes.ts';
import { CodedErrorResponse } from '../../contract/site-responses.ts';
import { errorBody } from '../errors.ts';
import type { ResponseCache } from '../services/response-cache.ts';

export function answer<S extends v.GenericSchema>(
  c: Context,
  schema: S,
  body: NoInfer<v.InferInput<S>>,
  status?: ContentfulStatusCode,
) {
  return c.json(shaped(schema, body) as object, status);
}

/** The body itself, typed as answer() types it: for bodies made ahead, such as the response cache's. */
export const shaped = <S extends v.GenericSchema>(_schema: S, body: NoInfer<v.InferInput<S>>) => body;

/** An answer from the response cache (serialised once per TTL); produce() types its body with shaped() where the contract has its schema. */
export async function cachedJson(c: Context, cache: ResponseCache, key: string, produce: () => Promise<unknown>) {
  return c.body(await cache.json(key, produce), 200, { 'content-type': 'application/json; charset=UTF-8' });
}

/** The 404 of a path no route serves. */
export const noSuchRoute = (c: Context) =>
  answer(c, CodedErrorResponse, errorBody(404, englishText('no_such_route'), 'no_such_route'), 404);
