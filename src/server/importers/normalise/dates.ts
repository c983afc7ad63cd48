// An offer's validity, read from the banks' wording ('Valid till 30th June 2026', '1st-15th June',
// '31.05.2026') or from a feed's ISO dates. Offers run on whole days of Sri Lanka's calendar
// (UTC+05:30, no daylight saving): a start is that day's midnight there, an end its last second.
// Plain UTC arithmetic with SRI_LANKA_UTC_OFFSET_MS, so the machine's time zone never matters.
import { SRI_LANKA_UTC_OFFSET_MS } from '../../../contract/limits.ts';
import { forMatching, lastMatch } from './text.ts';

export interface OfferDates {
  offerDateType: 'fromTo' | 'until' | 'till' | 'on';
  offerStart: Date | null;
  offerEnd: Date | null;
}

const DAY_MS = 86_400_000;
/** A date without a year is next year's once its period would have ended this long before now. */
const YEAR_GUESS_GRACE_MS = 60 * DAY_MS;

/** A calendar day in Sri Lanka. */
interface Day {
  year: number;
  month: number;
  day: number;
}

const dayStart = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day) - SRI_LANKA_UTC_OFFSET_MS);
/** The last second of the day, as the seed and the offer form store ends. */
const dayEnd = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day + 1) - SRI_LANKA_UTC_OFFSET_MS - 1000);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** Years outside this century are typing mistakes, not offers. */
const isRealDay = (d: Day) =>
  d.year >= 2000 &&
  d.year <= 2099 &&
  d.month >= 1 &&
  d.month <= 12 &&
  d.day >= 1 &&
  d.day <= daysInMonth(d.year, d.month);
const sriLankaYear = (now: Date) => new Date(now.getTime() + SRI_LANKA_UTC_OFFSET_MS).getUTCFullYear();

// ---------------------------------------------------------------------------------------------
// Dates as written

/**
 * One date in the text. A bare day ('1st' in '1st-15th June') has no month: it borrows the end's.
 * span 'month' is a whole month ('June 2026'); 'monthEnd' its last day ('end of June 2026').
 */
interface Mention {
  from: number;
  to: number;
  day: number | null;
  month: number | null;
  year: number | null;
  span: 'day' | 'month' | 'monthEnd';
}

const MONTHS = String.raw`jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?`;
const MONTH_PREFIXES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthNumber = (name: string) => MONTH_PREFIXES.indexOf(name.slice(0, 3)) + 1;
/** '1st', and '10 th' as some listings space it. */
const ORDINAL = String.raw`(?:\s?(?:st|nd|rd|th)\b)?`;
const optionalYear = (group: string | undefined) => (group ? Number(group) : null);
/** '26' in '31/05/26' is 2026. */
const fullYear = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

type MentionFields = Omit<Mention, 'from' | 'to'>;

/** The forms a date is written in, matched on lower-case text with dashes as '-'. */
const DATE_FORMS: { pattern: RegExp; read: (m: RegExpExecArray) => MentionFields }[] = [
  // ISO: 2026-05-31
  {
    pattern: /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/g,
    read: (m) => ({ day: Number(m[3]), month: Number(m[2]), year: Number(m[1]), span: 'day' }),
  },
  // Day first, as Sri Lanka writes it: 31/05/2026, 31.05.2026, 31-05-2026 (one separator throughout).
  {
    pattern: /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d./-]?\d)/g,
    read: (m) => ({ day: Number(m[1]), month: Number(m[3]), year: fullYear(m[4]!), span: 'day' }),
  },
  // end of June 2026
  {
    pattern: new RegExp(
      String.raw`\bend\s+of\s+(?:the\s+)?(?:month\s+of\s+)?(${MONTHS})\b\.?,?(?:\s*(\d{4}))?(?!\d)`,
      'g',
    ),
    read: (m) => ({ day: null, month: monthNumber(m[1]!), year: optionalYear(m[2]), span: 'monthEnd' }),
  },
  // 31st May 2026, 07th May, 1 Dec 2026, 31st of May, 30th June, 2026
  {
    pattern: new RegExp(
      String.raw`(?<![\d.])(\d{1,2})${ORDINAL}(?:\s+of)?\s*(${MONTHS})\b\.?(?:,?\s*(\d{4}))?(?!\d)`,
      'g',
    ),
    read: (m) => ({ day: Number(m[1]), month: monthNumber(m[2]!), year: optionalYear(m[3]), span: 'day' }),
  },
  // May 31, 2026; Sept. 30th
  {
    pattern: new RegExp(String.raw`\b(${MONTHS})\b\.?\s+(\d{1,2})${ORDINAL}\b(?:,?\s*(\d{4}))?(?!\d)`, 'g'),
    read: (m) => ({ day: Number(m[2]), month: monthNumber(m[1]!), year: optionalYear(m[3]), span: 'day' }),
  },
  // June 2026: the whole month
  {
    pattern: new RegExp(String.raw`\b(${MONTHS})\b\.?,?\s+(\d{4})(?!\d)`, 'g'),
    read: (m) => ({ day: null, month: monthNumber(m[1]!), year: Number(m[2]), span: 'month' }),
  },
  // A month without a year, only as the start of a range of months: 'May' in 'May to September 2026'.
  {
    pattern: new RegExp(String.raw`\b(${MONTHS})\b\.?(?=\s*(?:-|to|till|until)\s*(?:${MONTHS})\b)`, 'g'),
    read: (m) => ({ day: null, month: monthNumber(m[1]!), year: null, span: 'month' }),
  },
  // A bare day, only as the start of a range or in a list: '1st' in '1st-15th June', '15th' in
  // '15th - 30th Nov 2026', '13th' in '13th and 14th June 2026'.
  {
    pattern: new RegExp(String.raw`(?<![\d./])(\d{1,2})${ORDINAL}(?=\s*(?:-|to|till|until|,|&|and)\s*\d)`, 'g'),
    read: (m) => ({ day: Number(m[1]), month: null, year: null, span: 'day' }),
  },
];

/** The dates in the text, left to right; where forms overlap, the one that starts first and reads most wins. */
function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const form of DATE_FORMS) {
    for (const match of text.matchAll(form.pattern)) {
      found.push({ from: match.index, to: match.index + match[0].length, ...form.read(match as RegExpExecArray) });
    }
  }
  found.sort((a, b) => a.from - b.from || b.to - a.to);
  const mentions: Mention[] = [];
  for (const mention of found) {
    if (mentions.length === 0 || mention.from >= mentions[mentions.length - 1]!.to) mentions.push(mention);
  }
  return mentions;
}

/** What joins a start to an end: '07th May - 30th June', 'from 1st June to 30th June'. */
const RANGE_JOIN = /^\s*(?:-|to|till|until|through|thru|upto|up to)\s*$/;
/** What joins the days of a list ('5th, 12th, 19th & 26th August') or two ranges ('1st to 31st July & 1st September to 31st October'). */
const LIST_JOIN = /^\s*(?:,|&|and|,\s*and)\s*$/;
/** Words before a lone date that make it an end ('till' is its own type on the site). */
const TILL_WORDS = /(?:\btill?\b|['’]til\b)/;
const UNTIL_WORDS = /\b(?:until|up\s*to|upto|through|thru|(?:expires?|expiring|ends?|ending)(?:\s+on)?|last\s+date)\b/;
/** Words that make a lone date a start with no end: not a validity the site can show. */
const FROM_WORDS = /\b(?:from|starting|starts|commencing|effective|w\.?e\.?f\.?)\b/;
/** 'on 5th June', 'in August 2026', 'throughout June': the date itself is the validity. */
const ON_WORDS = /\b(?:on|in|during|throughout)\b/;
/** Words that make a lone date one the offer is not valid on: 'Not valid on 25th December', 'blackout dates: …'. */
const EXCLUDED_WORDS =
  /\b(?:not\s+(?:valid|applicable|available)|except|excluding|excluded|black\s?-?out(?:\s+dates?)?)\b(?:\s*:?\s*(?:on|in|during)\b)?/;
type LoneDateKind = 'till' | 'until' | 'from' | 'on' | 'excluded';
/** A date for registering ('Register via SMS before 15th June 2026') is not the offer's validity. */
const REGISTER_WORDS =
  /\bregist(?:er|ered|ration)\b(?:(?!\b(?:till?|until|valid|offer|from|through|expires?|ends?)\b)[^.;]){0,30}$/;
// In this order where two end together: 'not valid on' is excluded, not on.
const LONE_DATE_WORDS: { kind: LoneDateKind; pattern: RegExp }[] = [
  { kind: 'excluded', pattern: EXCLUDED_WORDS },
  { kind: 'excluded', pattern: REGISTER_WORDS },
  { kind: 'till', pattern: TILL_WORDS },
  { kind: 'until', pattern: UNTIL_WORDS },
  { kind: 'from', pattern: FROM_WORDS },
  { kind: 'on', pattern: ON_WORDS },
];
/** How far before a lone date, within its sentence, its describing words are looked for: 'Offer valid till '. */
const LONE_DATE_CONTEXT_CHARS = 40;

/** The first day and the last day a mention covers, once its year is known. */
const firstDay = (m: Mention, year: number): Day => ({
  year,
  month: m.month!,
  day: m.span === 'day' ? m.day! : m.span === 'month' ? 1 : daysInMonth(year, m.month!),
});
const lastDay = (m: Mention, year: number): Day => ({
  year,
  month: m.month!,
  day: m.span === 'day' ? m.day! : daysInMonth(year, m.month!),
});

/** For a date without a year: the first year whose period had not ended more than 60 days before now. */
function guessYear(endIn: (year: number) => Day, now: Date): number {
  const thisYear = sriLankaYear(now);
  for (const year of [thisYear - 1, thisYear]) {
    if (dayEnd(endIn(year)).getTime() >= now.getTime() - YEAR_GUESS_GRACE_MS) return year;
  }
  return thisYear + 1;
}

const isAfter = (a: Day, b: Day) => dayStart(a).getTime() > dayStart(b).getTime();

function readRange(start: Mention, end: Mention, now: Date): OfferDates | null {
  const from: Mention = { ...start, month: start.month ?? end.month };
  let endYear = end.year;
  let startYear = from.year;
  if (endYear === null && startYear !== null) {
    endYear = startYear;
    if (from.month! > end.month!) endYear += 1; // '15th Dec 2026 - 15th Jan'
  } else if (endYear === null) {
    endYear = guessYear((year) => lastDay(end, year), now);
  }
  // A start without a year takes the end's, or the year before when its month is later: '15th Dec - 15th Jan 2027'.
  startYear ??= from.month! > end.month! ? endYear - 1 : endYear;
  const first = firstDay(from, startYear);
  const last = lastDay(end, endYear);
  if (!isRealDay(first) || !isRealDay(last) || isAfter(first, last)) return null;
  return { offerDateType: 'fromTo', offerStart: dayStart(first), offerEnd: dayEnd(last) };
}

/** A lone date's reading: its validity, null for none, or 'excluded' for a day the offer is not valid on (the next date is read instead). */
function readLoneDate(mention: Mention, before: string, after: string, now: Date): OfferDates | null | 'excluded' {
  const year = mention.year ?? guessYear((y) => lastDay(mention, y), now);
  const first = firstDay(mention, year);
  const last = lastDay(mention, year);
  if (!isRealDay(first) || !isRealDay(last)) return null;
  if (/^\s*(?:onwards?|and after)\b/.test(after)) return null;
  // The word nearest the date says what it is: 'Valid on weekends till 30th June' is an end.
  // Compared by where each ends, so that 'expires on' is an end rather than a day.
  const context = before
    .slice(-LONE_DATE_CONTEXT_CHARS)
    .split(/[.!?;]\s/)
    .pop()!;
  let nearest: { kind: LoneDateKind; end: number } | null = null;
  for (const { kind, pattern } of LONE_DATE_WORDS) {
    const match = lastMatch(context, pattern);
    const matchEnd = match ? match.index + match[0].length : -1;
    if (match && (nearest === null || matchEnd > nearest.end)) nearest = { kind, end: matchEnd };
  }
  switch (nearest?.kind) {
    case 'till':
    case 'until':
      return { offerDateType: nearest.kind, offerStart: null, offerEnd: dayEnd(last) };
    case 'from':
      return null;
    case 'excluded':
      return 'excluded';
    default:
      // A lone day is that one day; a lone month ('throughout June 2026') is the whole month.
      return {
        offerDateType: mention.span === 'day' ? 'on' : 'fromTo',
        offerStart: dayStart(first),
        offerEnd: dayEnd(last),
      };
  }
}

/**
 * The validity in a bank's wording, or null when the text has no date the site can show (none at
 * all, an impossible day such as 31 June, an end before its start, or a start with no end).
 * The first date or range in the text is the one read; a list of days ('5th, 12th & 19th August')
 * or two ranges in a row ('1st to 31st July & 1st September to 31st October') run from the first
 * day to the last. Without a year, a date takes the year that
 * puts its period nearest now: this year's, unless that ended more than 60 days ago.
 */
export function readOfferDates(text: string, now: Date): OfferDates | null {
  const words = forMatching(text);
  const mentions = findMentions(words);
  for (let i = 0; i < mentions.length; i++) {
    const mention = mentions[i]!;
    const next = mentions[i + 1];
    const joins = (a: Mention, b: Mention | undefined, join: RegExp) =>
      b !== undefined && join.test(words.slice(a.to, b.from));
    if (next && next.month !== null && joins(mention, next, RANGE_JOIN)) {
      // Two ranges one after the other run from the first's start to the second's end.
      const [third, fourth] = [mentions[i + 2], mentions[i + 3]];
      if (joins(next, third, LIST_JOIN) && fourth?.month != null && joins(third!, fourth, RANGE_JOIN)) {
        return readRange({ ...mention, month: mention.month ?? next.month }, fourth, now);
      }
      return readRange(mention, next, now);
    }
    if (mention.month === null) {
      // A list of days ('13th and 14th June 2026') runs from its first day to its last.
      let last = i;
      while (mentions[last]!.month === null && joins(mentions[last]!, mentions[last + 1], LIST_JOIN)) last++;
      if (last > i && mentions[last]!.month !== null) return readRange(mention, mentions[last]!, now);
      continue; // a bare day that starts no range
    }
    const before = words.slice(i === 0 ? 0 : mentions[i - 1]!.to, mention.from);
    const lone = readLoneDate(mention, before, words.slice(mention.to), now);
    if (lone !== 'excluded') return lone;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dates from feeds

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A feed's date as an instant: a date alone is a Sri Lanka day (its midnight for a start, its last
 * second for an end); a timestamp is kept as that instant, and one without a zone is Sri Lanka
 * time. Null when the value is not a real date.
 */
export function readStructuredDate(value: string, edge: 'start' | 'end'): Date | null {
  const text = value.trim();
  const dayOnly = ISO_DAY.exec(text);
  if (dayOnly) {
    const day = { year: Number(dayOnly[1]), month: Number(dayOnly[2]), day: Number(dayOnly[3]) };
    if (!isRealDay(day)) return null;
    return edge === 'start' ? dayStart(day) : dayEnd(day);
  }
  const stamp = ISO_TIMESTAMP.exec(text);
  if (!stamp) return null;
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(stamp[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDay({ year, month, day }) || hour > 23 || minute > 59 || second > 59) return null;
  const millis = Number((stamp[7] ?? '').padEnd(3, '0').slice(0, 3));
  const zone = stamp[8];
  let zoneOffsetMs = SRI_LANKA_UTC_OFFSET_MS;
  if (zone?.toUpperCase() === 'Z') zoneOffsetMs = 0;
  else if (zone) {
    const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    zoneOffsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - zoneOffsetMs);
}

/**
 * A feed's validity (JSON-LD validFrom / validThrough): both → 'fromTo', an end alone → 'until'.
 * Null when no end reads, or the end is before the start.
 */
export function structuredDates(validFrom?: string, validThrough?: string): OfferDates | null {
  const start = validFrom ? readStructuredDate(validFrom, 'start') : null;
  const end = validThrough ? readStructuredDate(validThrough, 'end') : null;
  if (end === null) return null;
  if (start === null) return { offerDateType: 'until', offerStart: null, offerEnd: end };
  if (end.getTime() < start.getTime()) return null;
  return { offerDateType: 'fromTo', offerStart: start, offerEnd: end };
}
