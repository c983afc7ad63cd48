// The days and hours an offer runs, read from the banks' wording: 'Every Friday & Saturday',
// 'Weekdays', 'Mon - Thu', '6 pm - 10 pm', '12 noon – 3 pm'.
import { WEEKDAYS, type Weekday } from '../../../contract/eligibility.ts';
import { forMatching } from './text.ts';

// ---------------------------------------------------------------------------------------------
// Days

/** A day's names, full and short. The short ones ('Sun', 'Sat') are also ordinary words, so they count only in a list of days. */
const DAY_NAMES: Record<Weekday, string> = {
  mon: 'mon(?:day)?s?',
  tue: 'tue(?:s(?:day)?)?s?',
  wed: 'wed(?:nesday)?s?',
  thu: 'thu(?:r(?:s(?:day)?)?)?s?',
  fri: 'fri(?:day)?s?',
  sat: 'sat(?:urday)?s?',
  sun: 'sun(?:day)?s?',
};
const WEEKDAY_SET: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const WEEKEND_SET: Weekday[] = ['sat', 'sun'];
const DAY_TOKEN = new RegExp(
  String.raw`\b(?:(${Object.values(DAY_NAMES).join('|')})|(week\s?-?ends?)|(week\s?-?days?))\b\.?`,
  'g',
);
/** What may stand between days of one list or range: 'Tue, Wed & Thu', 'Friday and Saturday', 'Mon - Thu'. */
const LIST_JOIN = /^[\s,&+/-]*(?:and|or|to|through|thru|till|until|&)?[\s,&+/-]*$/;
const RANGE_JOIN = /^\s*(?:-|to|through|thru|till|until)\s*$/;
/** 'between Sunday and Thursday' is a range. */
const BETWEEN_BEFORE = /\bbetween\s*$/;
/** Words before a short day name that make it a day: 'every Fri', 'on Sat'. */
const DAY_CONTEXT_BEFORE = /\b(?:every|on|only|each|from)\s*$/;
/** Words after which days are excluded: 'Every day except Sundays', 'Not valid on Poya days and Sundays'. */
const EXCLUSION = /\b(?:except|excluding|excludes?|other than|not valid|not applicable|not available)\b/;

/** A day naming a dish or an event rather than when the offer runs: 'Sunday Lunch Affair', 'Special Saturday offer: 10%'. */
const NAMES_AN_ITEM_AFTER =
  /^\s*(?:lunch|brunch|dinner|breakfast|buffet|high\s+tea|roast|carvery|market|special|offers?|affairs?)\b/;

interface DayToken {
  from: number;
  to: number;
  days: Weekday[];
  single: boolean;
  short: boolean;
}

function dayTokens(words: string): DayToken[] {
  const tokens: DayToken[] = [];
  for (const match of words.matchAll(DAY_TOKEN)) {
    const [text, dayName, weekend] = match;
    const from = match.index;
    const to = from + text.length;
    if (dayName) {
      const day = WEEKDAYS.find((d) => new RegExp(`^(?:${DAY_NAMES[d]})$`).test(dayName))!;
      tokens.push({ from, to, days: [day], single: true, short: !/day/.test(dayName) });
    } else {
      tokens.push({ from, to, days: weekend ? WEEKEND_SET : WEEKDAY_SET, single: false, short: false });
    }
  }
  // A short name counts when it is in a list with another day, or after 'every' / 'on'; a day
  // naming an item counts only after them ('every Sunday lunch').
  return tokens.filter((token, i) => {
    if (
      token.single &&
      NAMES_AN_ITEM_AFTER.test(words.slice(token.to)) &&
      !DAY_CONTEXT_BEFORE.test(words.slice(0, token.from))
    )
      return false;
    if (!token.short) return true;
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    return (
      (previous !== undefined && LIST_JOIN.test(words.slice(previous.to, token.from))) ||
      (next !== undefined && LIST_JOIN.test(words.slice(token.to, next.from))) ||
      DAY_CONTEXT_BEFORE.test(words.slice(0, token.from))
    );
  });
}

/** The days named in the text, ranges expanded ('Mon - Thu', 'between Sunday and Thursday'; 'Fri - Mon' wraps over the weekend). */
function namedDays(words: string): Set<Weekday> {
  const days = new Set<Weekday>();
  const tokens = dayTokens(words);
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    // 'Weekdays (Sun-Thu)': the days in brackets say which days the bank means.
    if (!token.single && next && /^\s*\($/.test(words.slice(token.to, next.from))) return;
    token.days.forEach((day) => days.add(day));
    const between =
      BETWEEN_BEFORE.test(words.slice(0, token.from)) &&
      /^\s*and\s*$/.test(words.slice(token.to, next?.from ?? token.to));
    if (next && token.single && next.single && (between || RANGE_JOIN.test(words.slice(token.to, next.from)))) {
      const first = WEEKDAYS.indexOf(token.days[0]!);
      const last = WEEKDAYS.indexOf(next.days[0]!);
      for (let d = first; d !== last; d = (d + 1) % 7) days.add(WEEKDAYS[d]!);
    }
  });
  return days;
}

/**
 * The days the text names, in week order, each once. [] means every day: 'Daily', 'everyday',
 * 'all days', all seven named, or no day named at all. 'Every day except Sunday' is Monday to
 * Saturday; days after an exclusion word are taken away.
 */
export function readDays(text: string): Weekday[] {
  const included = new Set<Weekday>();
  const excluded = new Set<Weekday>();
  // An exclusion lasts to the end of its sentence: 'Not valid on Sundays. Every Friday' still has Friday.
  for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z])|[\n;]/)) {
    const words = forMatching(sentence);
    const exclusion = EXCLUSION.exec(words);
    namedDays(exclusion ? words.slice(0, exclusion.index) : words).forEach((day) => included.add(day));
    if (exclusion) namedDays(words.slice(exclusion.index)).forEach((day) => excluded.add(day));
  }
  const base = included.size > 0 ? included : new Set(excluded.size > 0 ? WEEKDAYS : []);
  const days = WEEKDAYS.filter((day) => base.has(day) && !excluded.has(day));
  return days.length === WEEKDAYS.length ? [] : days;
}

// ---------------------------------------------------------------------------------------------
// Hours

export interface TimeWindow {
  /** 'HH:MM', 24-hour. */
  timeFrom: string;
  /** 'HH:MM', 24-hour; midnight is '00:00' (the contract's times run 00:00 to 23:59, and '00:00' after a later start means the end of the day). */
  timeTo: string;
}

const CLOCK = String.raw`(?:(\d{1,2})(?:([:.])(\d{2}))?\s*(a\.?\s?m\b\.?|p\.?\s?m\b\.?|noon\b|midnight\b|hrs\b\.?|hours\b|h\b)?|(noon|midday|midnight)\b)`;
const TIME_WINDOW = new RegExp(String.raw`(?<![\d:./])${CLOCK}\s*(?:-|to|till|until|upto|up to)\s*${CLOCK}(?!\d)`, 'g');

interface ClockTime {
  hour: number;
  minute: number;
  /** 'am' / 'pm'; 'fixed' when the time needs no meridiem (noon, midnight, 18:00, 1800 hrs); null when unsaid ('6' in '6 - 10 pm'). */
  meridiem: 'am' | 'pm' | 'fixed' | null;
}

function readClock(
  hour: string | undefined,
  separator: string | undefined,
  minute: string | undefined,
  suffix: string | undefined,
  word: string | undefined,
): ClockTime | null {
  const said = (word ?? suffix ?? '').replace(/[.\s]/g, '');
  if (said === 'noon' || said === 'midday') return { hour: 12, minute: 0, meridiem: 'fixed' };
  if (said === 'midnight') return { hour: 0, minute: 0, meridiem: 'fixed' };
  const h = Number(hour);
  const m = minute ? Number(minute) : 0;
  if (m > 59) return null;
  if (said === 'am' || said === 'pm') {
    if (h < 1 || h > 12) return null;
    return { hour: (h % 12) + (said === 'pm' ? 12 : 0), minute: m, meridiem: said };
  }
  if (h > 23) return null;
  // '18:00' and '1800 hrs' are 24-hour; '6' and '6.30' alone could be either.
  return { hour: h, minute: m, meridiem: said !== '' || separator === ':' ? 'fixed' : null };
}

const hhmm = (t: ClockTime) => `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
const minutesOf = (t: ClockTime) => t.hour * 60 + t.minute;

/** Fills in an unsaid meridiem from the other end, so that the window runs forward. */
function withMeridiem(start: ClockTime, end: ClockTime): [ClockTime, ClockTime] | null {
  if (start.meridiem === null && end.meridiem === null) return null; // '1-15': a range of numbers, not of hours
  const later = (t: ClockTime, than: ClockTime) => minutesOf(t) > minutesOf(than);
  const asPm = (t: ClockTime): ClockTime => (t.hour < 12 ? { ...t, hour: t.hour + 12 } : t);
  if (end.meridiem === null) {
    // '6 pm - 10' ends at 10 pm; '11 am - 3' at 3 pm.
    return [start, !later(end, start) && end.hour < 12 ? asPm(end) : end];
  }
  if (start.meridiem === null) {
    // '6 - 10 pm' starts at 6 pm and '8 - midnight' at 8 pm, but '11 - 3 pm' at 11 am.
    const evening = asPm(start);
    const endsAtMidnight = minutesOf(end) === 0;
    if (start.hour < 12 && (endsAtMidnight || (end.meridiem === 'pm' && later(end, evening)))) return [evening, end];
  }
  return [start, end];
}

/**
 * The first time window in the text, as 24-hour 'HH:MM': '6 pm - 10 pm' → 18:00–22:00,
 * '12 noon – 3 pm' → 12:00–15:00, 'from 11 am till midnight' → 11:00–00:00 (midnight is '00:00').
 * Null when there is none; day ranges ('1-15 June') and '24/7' are not windows.
 */
export function readTimeWindow(text: string): TimeWindow | null {
  const words = forMatching(text);
  for (const m of words.matchAll(TIME_WINDOW)) {
    const start = readClock(m[1], m[2], m[3], m[4], m[5]);
    const end = readClock(m[6], m[7], m[8], m[9], m[10]);
    if (!start || !end) continue;
    const times = withMeridiem(start, end);
    if (!times || minutesOf(times[0]) === minutesOf(times[1])) continue;
    return { timeFrom: hhmm(times[0]), timeTo: hhmm(times[1]) };
  }
  return null;
}
