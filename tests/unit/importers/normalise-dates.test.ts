import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOfferDates, readStructuredDate, structuredDates } from '../../../src/server/importers/normalise/dates.ts';

// Every instant here is written in UTC: a Sri Lanka day starts at 18:30Z the day before and ends
// at 18:29:59Z on the day.
const NOW = new Date('2026-05-10T06:00:00.000Z');
const start = (day: string) => new Date(`${day}T00:00:00.000+05:30`).toISOString();
const end = (day: string) => new Date(`${day}T23:59:59.000+05:30`).toISOString();
const read = (text: string, now = NOW) => {
  const dates = readOfferDates(text, now);
  return (
    dates && {
      type: dates.offerDateType,
      start: dates.offerStart?.toISOString() ?? null,
      end: dates.offerEnd?.toISOString() ?? null,
    }
  );
};

describe('readOfferDates: the instants', () => {
  it('starts at Sri Lanka midnight and ends at its last second', () => {
    expect(read('Valid from 07th May - 30th June 2026')).toEqual({
      type: 'fromTo',
      start: '2026-05-06T18:30:00.000Z',
      end: '2026-06-30T18:29:59.000Z',
    });
  });

  describe('on a machine in New York', () => {
    const savedTz = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = 'America/New_York';
    });
    afterAll(() => {
      if (savedTz === undefined) delete process.env.TZ;
      else process.env.TZ = savedTz;
    });

    it('reads the same instants', () => {
      // The time zone really changed: New York is UTC-5 in January.
      expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(300);
      expect(read('Valid from 07th May - 30th June 2026')).toEqual({
        type: 'fromTo',
        start: '2026-05-06T18:30:00.000Z',
        end: '2026-06-30T18:29:59.000Z',
      });
      expect(read('Valid till 31.12.2026')).toEqual({ type: 'till', start: null, end: '2026-12-31T18:29:59.000Z' });
      expect(read('1st-15th June')).toEqual({ type: 'fromTo', start: start('2026-06-01'), end: end('2026-06-15') });
      expect(structuredDates('2026-03-08', '2026-11-01')).toEqual({
        offerDateType: 'fromTo',
        offerStart: new Date('2026-03-07T18:30:00.000Z'),
        offerEnd: new Date('2026-11-01T18:29:59.000Z'),
      });
    });
  });
});

describe('readOfferDates: the forms the banks write', () => {
  it.each([
    ['Until 31st May 2026', 'until', null, '2026-05-31'],
    ['Valid until 31.05.2026', 'until', null, '2026-05-31'],
    ['Valid Until 31-05-2026', 'until', null, '2026-05-31'],
    ['till 30.06.2026', 'till', null, '2026-06-30'],
    ['Valid till 30th June 2026', 'till', null, '2026-06-30'],
    ['Valid till 30th of June 2026', 'till', null, '2026-06-30'],
    ["Offer valid 'til 30th June 2026", 'till', null, '2026-06-30'],
    ['VALID TILL 30TH JUNE 2026', 'till', null, '2026-06-30'],
    ['Offer valid till end of June 2026', 'till', null, '2026-06-30'],
    ['Valid until end of February 2028', 'until', null, '2028-02-29'],
    ['Valid up to 31 March 2027', 'until', null, '2027-03-31'],
    ['Offer expires on 22nd August 2026', 'until', null, '2026-08-22'],
    ['Promotion ends on 22.08.2026', 'until', null, '2026-08-22'],
    ['Valid from 07th May - 30th June 2026', 'fromTo', '2026-05-07', '2026-06-30'],
    ['From 1st June 2026 to 30th June 2026', 'fromTo', '2026-06-01', '2026-06-30'],
    ['Offer period: 1st September - 30th September 2026', 'fromTo', '2026-09-01', '2026-09-30'],
    ['15th - 30th Nov 2026', 'fromTo', '2026-11-15', '2026-11-30'],
    ['1 Dec 2026 – 31 Jan 2027', 'fromTo', '2026-12-01', '2027-01-31'],
    ['1 Dec 2026 — 31 Jan 2027', 'fromTo', '2026-12-01', '2027-01-31'],
    ['15th Dec - 15th Jan 2027', 'fromTo', '2026-12-15', '2027-01-15'],
    ['Valid from 01.06.2026 to 30.06.2026', 'fromTo', '2026-06-01', '2026-06-30'],
    ['2026-06-01 - 2026-06-30', 'fromTo', '2026-06-01', '2026-06-30'],
    ['Sept 5 - Sept 20, 2026', 'fromTo', '2026-09-05', '2026-09-20'],
    ['Valid throughout June 2026', 'fromTo', '2026-06-01', '2026-06-30'],
    ['31/05/2026', 'on', '2026-05-31', '2026-05-31'],
    ['2026-05-31', 'on', '2026-05-31', '2026-05-31'],
    ['May 31, 2026', 'on', '2026-05-31', '2026-05-31'],
    ['Valid on 25th December 2026', 'on', '2026-12-25', '2026-12-25'],
    ['Valid on weekends till 30th June 2026', 'till', null, '2026-06-30'],
    ['Valid till: 30th June 2026', 'till', null, '2026-06-30'],
    // Words of an earlier sentence do not describe the date.
    ['Offers from Sampath Bank. Christmas Day, 25th December 2026', 'on', '2026-12-25', '2026-12-25'],
    ['Enjoy 20% off at Pizza Hut. Offer valid until 31st July 2026 with HNB Credit Cards', 'until', null, '2026-07-31'],
  ] as const)('%s', (text, type, first, last) => {
    expect(read(text)).toEqual({ type, start: first && start(first), end: end(last) });
  });

  it('reads Sep, Sept and September alike, in any case', () => {
    for (const month of ['Sep', 'Sept', 'Sept.', 'September', 'SEPTEMBER', 'sep']) {
      expect(read(`Valid till 30th ${month} 2026`)).toEqual({ type: 'till', start: null, end: end('2026-09-30') });
    }
  });

  it('reads every ordinal', () => {
    expect(read('Until 1st June 2026')?.end).toBe(end('2026-06-01'));
    expect(read('Until 2nd June 2026')?.end).toBe(end('2026-06-02'));
    expect(read('Until 3rd June 2026')?.end).toBe(end('2026-06-03'));
    expect(read('Until 4th June 2026')?.end).toBe(end('2026-06-04'));
    expect(read('Until 22nd June 2026')?.end).toBe(end('2026-06-22'));
  });

  it('reads a two-digit year as this century', () => {
    expect(read('Valid till 30/06/26')).toEqual({ type: 'till', start: null, end: end('2026-06-30') });
  });
});

describe('readOfferDates: lists, several ranges, and words that are not the validity', () => {
  it.each([
    // A list of days runs from its first to its last.
    ['Validity text: Valid on 13th and 14th June 2026.', '2026-06-13', '2026-06-14'],
    ['Valid on 5th, 12th, 19th & 26th August 2026', '2026-08-05', '2026-08-26'],
    ['Koko: 10% off; Valid on 10 th and 17 th June 2026 Valid on all merchants', '2026-06-10', '2026-06-17'],
    ['25% off for BOC Credit CardsOn 14th & 28th June 2026 | In-Stores & Online', '2026-06-14', '2026-06-28'],
    // Two ranges run from the first's start to the second's end.
    ['Valid from 1st to 31st July & 1st September to 31st October 2026', '2026-07-01', '2026-10-31'],
    // Whole months.
    ['Valid from May to September 2026', '2026-05-01', '2026-09-30'],
    // Opening hours do not take the month.
    ['Enjoy 20% off from 6 PM to 8 PM every Thursday in August 2026', '2026-08-01', '2026-08-31'],
    ['Every Friday from 05th to 26th June 2026. Terms: Rs. 1,500/-', '2026-06-05', '2026-06-26'],
  ])('%s', (text, first, last) => {
    expect(read(text)).toEqual({ type: 'fromTo', start: start(first), end: end(last) });
  });

  it('reads the validity, not a blackout date before it', () => {
    expect(read('Not valid on 25th December 2026. Valid till 31st January 2027')).toEqual({
      type: 'till',
      start: null,
      end: end('2027-01-31'),
    });
    expect(read('Blackout dates: 24th December 2026 - Offer valid until 15th January 2027')).toEqual({
      type: 'until',
      start: null,
      end: end('2027-01-15'),
    });
  });

  it('reads the validity, not the day to register by', () => {
    expect(read('Register via SMS on or before 15th June 2026. Valid from 1st to 30th June 2026')).toEqual({
      type: 'fromTo',
      start: start('2026-06-01'),
      end: end('2026-06-30'),
    });
    expect(read('Register and save till 30th June 2026')).toEqual({
      type: 'till',
      start: null,
      end: end('2026-06-30'),
    });
  });
});

describe('readOfferDates: a missing year or month', () => {
  it('takes the end month for a bare start day', () => {
    expect(read('1st-15th June')).toEqual({ type: 'fromTo', start: start('2026-06-01'), end: end('2026-06-15') });
    expect(read('1-15 June')).toEqual({ type: 'fromTo', start: start('2026-06-01'), end: end('2026-06-15') });
  });

  it('takes the end year for a start without one', () => {
    expect(read('07th May - 30th June 2026')?.start).toBe(start('2026-05-07'));
  });

  it('is this year while the period has not long ended', () => {
    expect(read('Until 31st May')).toEqual({ type: 'until', start: null, end: end('2026-05-31') });
    // Ended 40 days before now: still this year's (the normaliser then reports it as ended).
    expect(read('Valid until 31st March')).toEqual({ type: 'until', start: null, end: end('2026-03-31') });
  });

  it("is next year's once the period ended more than 60 days before now", () => {
    expect(read('Valid till 28th February')).toEqual({ type: 'till', start: null, end: end('2027-02-28') });
    expect(read('1st-15th January')).toEqual({ type: 'fromTo', start: start('2027-01-01'), end: end('2027-01-15') });
  });

  it('is last year for a period that ended recently around new year', () => {
    const january = new Date('2027-01-05T06:00:00.000Z');
    expect(read('1st - 20th December', january)).toEqual({
      type: 'fromTo',
      start: start('2026-12-01'),
      end: end('2026-12-20'),
    });
    expect(read('15th Dec - 15th Jan', january)).toEqual({
      type: 'fromTo',
      start: start('2026-12-15'),
      end: end('2027-01-15'),
    });
  });

  it("uses the Sri Lanka year on new year's eve in UTC", () => {
    // 31 Dec 2026 20:00Z is already 1 Jan 2027 in Colombo.
    const colomboNewYear = new Date('2026-12-31T20:00:00.000Z');
    expect(read('Valid on 2nd January', colomboNewYear)).toEqual({
      type: 'on',
      start: start('2027-01-02'),
      end: end('2027-01-02'),
    });
  });
});

describe('readOfferDates: refusals', () => {
  it.each([
    ['an impossible day', 'Valid till 31st June 2026'],
    ['an impossible numeric day', 'Valid until 31.06.2026'],
    ['29 February in a year without it', 'Valid on 29th February 2027'],
    ['a month 13', 'Valid until 12.13.2026'],
    ['an end before its start', 'Valid from 30th June - 1st June 2026'],
    ['an end before its start (numeric)', '30.06.2026 - 01.06.2026'],
    ['a start with no end', 'Valid from 1st June 2026'],
    ['a start and onwards', '1st June 2026 onwards'],
    ['no date', 'Enjoy 20% off on total bill with HNB Credit Cards'],
    ['percentages and money', 'Save 25% on bills above Rs. 5,000, 2-4 persons'],
    ['times', 'Every Friday 6 pm - 10 pm'],
    ['round the clock', 'Available 24/7'],
    ['an empty text', ''],
  ])('%s', (_, text) => {
    expect(readOfferDates(text, NOW)).toBeNull();
  });
});

describe('structuredDates', () => {
  it('reads date-only values as Sri Lanka days', () => {
    expect(structuredDates('2026-06-01', '2026-06-30')).toEqual({
      offerDateType: 'fromTo',
      offerStart: new Date(start('2026-06-01')),
      offerEnd: new Date(end('2026-06-30')),
    });
  });

  it('keeps a full timestamp as that instant', () => {
    expect(structuredDates('2026-06-01T10:00:00Z', '2026-06-30T23:59:59+05:30')).toEqual({
      offerDateType: 'fromTo',
      offerStart: new Date('2026-06-01T10:00:00.000Z'),
      offerEnd: new Date('2026-06-30T18:29:59.000Z'),
    });
    expect(readStructuredDate('2026-06-30T12:00:00.250-04:00', 'end')?.toISOString()).toBe('2026-06-30T16:00:00.250Z');
  });

  it('reads a timestamp without a zone as Sri Lanka time', () => {
    expect(readStructuredDate('2026-06-30T23:59:59', 'end')?.toISOString()).toBe('2026-06-30T18:29:59.000Z');
  });

  it('is until with an end alone', () => {
    expect(structuredDates(undefined, '2026-06-30')).toEqual({
      offerDateType: 'until',
      offerStart: null,
      offerEnd: new Date(end('2026-06-30')),
    });
  });

  it('is null when neither reads, with a start alone, or with an end before the start', () => {
    expect(structuredDates()).toBeNull();
    expect(structuredDates('soon', 'later')).toBeNull();
    expect(structuredDates('2026-06-01')).toBeNull();
    expect(structuredDates('2026-06-30', '2026-06-01')).toBeNull();
  });

  it('refuses impossible values', () => {
    expect(readStructuredDate('2026-02-30', 'end')).toBeNull();
    expect(readStructuredDate('2026-06-30T25:00:00Z', 'end')).toBeNull();
    expect(readStructuredDate('30/06/2026', 'end')).toBeNull();
    expect(readStructuredDate('', 'start')).toBeNull();
  });
});
