// The team console's date-times: Sri Lanka's clock, in the page's language (src/islands/team/team-format.ts).
import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../src/islands/team/team-format.ts';

describe('dateTimeText', () => {
  // 18:30 UTC is midnight in Colombo (+05:30), the next day.
  const moment = '2026-12-03T18:30:00.000Z';

  it("shows the moment on Sri Lanka's clock", () => {
    expect(dateTimeText(moment, 'en')).toMatch(/4.*2026.*12:00/);
  });

  it("writes Sinhala and Tamil pages' date-times in their own language", () => {
    const local = (tag: string) =>
      new Intl.DateTimeFormat(tag, { timeZone: 'Asia/Colombo', dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(moment),
      );
    expect(dateTimeText(moment, 'si')).toBe(local('si-LK'));
    expect(dateTimeText(moment, 'ta')).toBe(local('ta-LK'));
    expect(dateTimeText(moment, 'si')).toMatch(/[\u0D80-\u0DFF]/); // Sinhala letters
    expect(dateTimeText(moment, 'ta')).toMatch(/[\u0B80-\u0BFF]/); // Tamil letters
  });
});
