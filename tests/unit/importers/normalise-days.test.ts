import { describe, expect, it } from 'vitest';
import { readDays, readTimeWindow } from '../../../src/server/importers/normalise/days.ts';

describe('readDays', () => {
  it.each([
    ['Every Wednesday', ['wed']],
    ['Every Friday & Saturday', ['fri', 'sat']],
    ['Fridays and Saturdays', ['fri', 'sat']],
    ['Saturday & Friday', ['fri', 'sat']],
    ['Weekends', ['sat', 'sun']],
    ['Valid on weekends and public holidays', ['sat', 'sun']],
    ['Weekdays', ['mon', 'tue', 'wed', 'thu', 'fri']],
    ['Mon - Thu', ['mon', 'tue', 'wed', 'thu']],
    ['Mon.-Thu.', ['mon', 'tue', 'wed', 'thu']],
    ['Monday to Thursday', ['mon', 'tue', 'wed', 'thu']],
    ['Tue, Wed & Thu', ['tue', 'wed', 'thu']],
    ['Every Thurs', ['thu']],
    ['Valid on Sun', ['sun']],
    // A range over the weekend wraps round.
    ['Fri - Mon', ['mon', 'fri', 'sat', 'sun']],
    ['Every Monday, Tuesday and Wednesday for lunch', ['mon', 'tue', 'wed']],
    ['Every day except Sundays', ['mon', 'tue', 'wed', 'thu', 'fri', 'sat']],
    ['Not valid on Fridays', ['mon', 'tue', 'wed', 'thu', 'sat', 'sun']],
    ['Valid every Friday. Not valid on Poya days', ['fri']],
    ['Every Friday and Saturday. Not valid on Saturdays in December', ['fri']],
  ])('%s', (text, days) => {
    expect(readDays(text)).toEqual(days);
  });

  it.each(['Daily', 'everyday', 'Every day', 'all days', 'Monday to Sunday', 'Weekdays and weekends', ''])(
    '%s is every day: []',
    (text) => {
      expect(readDays(text)).toEqual([]);
    },
  );

  it('does not read short day names out of ordinary words', () => {
    expect(readDays('Stay at Sun & Sand Hotel, Unawatuna')).toEqual([]);
    expect(readDays('Sat Nav included; Wed dings packages')).toEqual([]);
    expect(readDays('Satisfaction guaranteed at Monsoon')).toEqual([]);
  });

  it('does not read a day that names a dish or an event, unless the offer is on it', () => {
    expect(readDays('20% savings on dinner buffet and Sunday Lunch Affairs Valid till 30th June 2026')).toEqual([]);
    expect(readDays('*7% Savings on Major services (Special Saturday offer: 10%)')).toEqual([]);
    expect(readDays('25% off every Sunday lunch buffet')).toEqual(['sun']);
    expect(readDays('Tap into Thursday Deals with BOC Visa Cards - Up to 30% off')).toEqual(['thu']);
    expect(readDays('Weekend brunch on Saturday and Sunday')).toEqual(['sat', 'sun']);
  });

  it('reads weekday ranges', () => {
    expect(readDays('Valid between Sunday and Thursday')).toEqual(['mon', 'tue', 'wed', 'thu', 'sun']);
    expect(readDays('Weekdays(Sun-Thu) : 50% OFF on all room categories')).toEqual(['mon', 'tue', 'wed', 'thu', 'sun']);
  });

  it('returns each day once, in week order', () => {
    expect(readDays('Sunday, Friday, Sunday and Weekends')).toEqual(['fri', 'sat', 'sun']);
  });
});

describe('readTimeWindow', () => {
  it.each([
    ['6 pm - 10 pm', '18:00', '22:00'],
    ['6pm-10pm', '18:00', '22:00'],
    ['from 6.00pm to 11.00pm', '18:00', '23:00'],
    ['18:00-22:00', '18:00', '22:00'],
    ['12 noon – 3 pm', '12:00', '15:00'],
    ['Lunch 12.00 noon - 3.00 p.m.', '12:00', '15:00'],
    ['7.30 p.m. to 11 p.m.', '19:30', '23:00'],
    ['valid from 10am to 2pm', '10:00', '14:00'],
    ['Happy hour 5-7pm', '17:00', '19:00'],
    ['6 - 10 pm', '18:00', '22:00'],
    ['11 - 3 pm', '11:00', '15:00'],
    ['10 am - 3', '10:00', '15:00'],
    ['11.00 hrs - 15.00 hrs', '11:00', '15:00'],
    // Midnight is '00:00': the window runs to the end of the day.
    ['from 11 am till midnight', '11:00', '00:00'],
    ['8 - midnight', '20:00', '00:00'],
    ['12 noon to 12 midnight', '12:00', '00:00'],
    ['Every Friday & Saturday, 7 p.m. - 11 p.m.', '19:00', '23:00'],
  ])('%s', (text, timeFrom, timeTo) => {
    expect(readTimeWindow(text)).toEqual({ timeFrom, timeTo });
  });

  it.each([
    ['a day range', '1st-15th June'],
    ['a day range without ordinals', '1-15 June'],
    ['a date', 'Valid till 31.05.2026'],
    ['a numeric date range', '01.06.2026 - 30.06.2026'],
    ['round the clock', 'Open 24/7'],
    ['numbers of people', 'For 2 - 4 persons'],
    ['an impossible hour', '9 pm - 13 pm'],
    ['the same time twice', '6 pm - 6 pm'],
    ['no time', 'Every Wednesday'],
  ])('ignores %s', (_, text) => {
    expect(readTimeWindow(text)).toBeNull();
  });
});
