// The benches' median: the figure reported for rounds taken on a noisy machine.
import { describe, expect, it } from 'vitest';
import { median } from '../../scripts/bench/median.ts';

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([0.79, 1.12, 1.04])).toBe(1.04);
    expect(median([5])).toBe(5);
  });

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('leaves the values in their order', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
