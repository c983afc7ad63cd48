// Database ids in requests: apart from index.ts, so that a small request schema (offer-search.ts)
// does not bring the whole contract into a page.
import * as v from 'valibot';
import { ID_LIST_MAX, ID_MAX } from './limits.ts';

/** A database id: a positive integer, given as a number or a string of digits. */
export const Id = v.pipe(
  v.union(
    [v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Expected a numeric id'))],
    'Expected a numeric id',
  ),
  v.transform(Number),
  v.minValue(1, 'Expected a positive id'),
  v.maxValue(ID_MAX, 'Id is too large'),
);
export const IdList = v.pipe(
  v.array(Id, 'Expected a list of ids'),
  v.maxLength(ID_LIST_MAX, `At most ${ID_LIST_MAX} ids`),
);
