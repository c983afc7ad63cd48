import { describe, expect, it } from 'vitest';
import { readChannel } from '../../../src/server/importers/normalise/channel.ts';

describe('readChannel', () => {
  it.each([
    ['Valid for online purchases only', 'online'],
    ['Book on the website', 'online'],
    ['Order via the app', 'online'],
    ['Valid for e-commerce transactions', 'online'],
    ['Shop at www.odel.lk', 'online'],
    ['Valid for in-store purchases', 'inStore'],
    ['Valid at the outlet only', 'inStore'],
    ['Valid at all outlets island-wide', 'inStore'],
    ['Valid at all branches', 'inStore'],
    ['Dine-in only', 'inStore'],
    ['Valid online and in-store', 'both'],
    ['Valid for dine-in and online orders via the app', 'both'],
  ] as const)('%s', (text, channel) => {
    expect(readChannel(text)).toBe(channel);
  });

  it('is null when the text says neither', () => {
    expect(readChannel('Enjoy 20% off on total bill with HNB Credit Cards')).toBeNull();
    expect(readChannel('')).toBeNull();
  });

  it('does not read a channel the text rules out', () => {
    expect(readChannel('Not valid for online transactions')).toBeNull();
    expect(readChannel('Valid at all outlets. Not valid for online orders')).toBe('inStore');
  });
});
