// Sri Lanka's clock as a fixed offset (src/lib/sri-lanka-time.ts): the same days, hours and weekdays
// as the Asia/Colombo time zone, across years and every hour around midnight.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { inSriLanka } from '../../src/lib/sri-lanka-time.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('inSriLanka', () => {
  it('reads every instant as Asia/Colombo does: day, hour, weekday, start of the day', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2029, 0, 1); t += 97 * 60_000) {
      const zone = dayjs(t).tz('Asia/Colombo');
      const fixed = inSriLanka(t);
      const read = (d: dayjs.Dayjs) =>
        `${d.format('YYYY-MM-DD HH:mm dddd')} ${d.startOf('day').valueOf()} ${d.startOf('day').add(1, 'day').valueOf()}`;
      if (read(zone) !== read(fixed)) mismatches.push(new Date(t).toISOString());
    }
    expect(mismatches).toEqual([]);
  }, 120_000); // 21,700 instants through dayjs's time zone: ten seconds alone, more beside the browser lane

  it('starts a day at 18:30 UTC the evening before', () => {
    expect(inSriLanka('2026-11-25T18:29:59Z').format('YYYY-MM-DD')).toBe('2026-11-25');
    expect(inSriLanka('2026-11-25T18:30:00Z').format('YYYY-MM-DD')).toBe('2026-11-26');
    expect(inSriLanka('2026-11-26T03:00:00Z').startOf('day').toISOString()).toBe('2026-11-25T18:30:00.000Z');
  });
});
