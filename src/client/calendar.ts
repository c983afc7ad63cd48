// The profile's calendar feed (docs/api.md "Calendars"): whether it is on, made (or replaced) and
// turned off with the session's token; its token comes only in the answer that made it. Loaded with
// the profile's calendar block only.
import type { KyInstance } from 'ky';
import { CalendarFeedChangedResponse, CalendarFeedResponse } from '../contract/calendar.ts';
import { calendarFeedPath } from '../lib/offer-share.ts';
import { PUBLIC_API_URL } from '../lib/public-config.ts';
import { readAnswer } from './http.ts';

const FEED = 'user/calendar-feed';

/** Whether the user has a feed: its link cannot be read back, only replaced. */
export async function fetchCalendarFeed(api: KyInstance): Promise<{ active: boolean }> {
  return { active: (await readAnswer(CalendarFeedResponse, api.get(FEED))).data.active };
}

/** A new feed token, replacing any other: the old URL stops working. */
export async function makeCalendarFeed(api: KyInstance): Promise<{ message: string; token: string | null }> {
  const answer = await readAnswer(CalendarFeedChangedResponse, api.post(FEED));
  return { message: answer.message, token: answer.data.token };
}

export async function turnOffCalendarFeed(api: KyInstance): Promise<{ message: string }> {
  return { message: (await readAnswer(CalendarFeedChangedResponse, api.delete(FEED))).message };
}

/** The feed's https URL (against the page: the API's base may be relative) and its webcal:// form, which opens a calendar app. */
export function calendarFeedUrls(token: string, base: string = location.href): { https: string; webcal: string } {
  const https = new URL(`${PUBLIC_API_URL}/${calendarFeedPath(token)}`, base).toString();
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}
