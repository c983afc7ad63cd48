// Sri Lanka's date and weekday, cheaply and without dayjs (a fixed UTC+5:30, no summer time): for
// cache keys of searches, and for the savings answer, which the pages' islands run too.
import { WEEKDAYS, type Weekday } from '../contract/card-constants.ts';
import { SRI_LANKA_UTC_OFFSET_MS } from '../contract/limits.ts';

/** The date in Sri Lanka at an instant, YYYY-MM-DD. */
export const sriLankaDate = (instant: number | string = Date.now()) =>
  new Date(new Date(instant).getTime() + SRI_LANKA_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** The instant of a Sri Lanka date's minute (0: its first; 1440: the next day's first). */
export const sriLankaInstant = (date: string, minuteOfDay = 0) =>
  Date.parse(`${date}T00:00:00Z`) - SRI_LANKA_UTC_OFFSET_MS + minuteOfDay * 60_000;

/** The weekday of a YYYY-MM-DD date. */
export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;

/** The time of day in Sri Lanka at an instant, HH:MM. */
export const sriLankaTime = (instant: number | string = Date.now()) =>
  new Date(new Date(instant).getTime() + SRI_LANKA_UTC_OFFSET_MS).toISOString().slice(11, 16);
