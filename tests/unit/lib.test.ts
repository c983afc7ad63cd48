import { describe, expect, it } from 'vitest';
import { offerDisplayStatus } from '../../src/lib/offer-status.ts';
import { sanitizeDescription } from '../../src/lib/sanitize-description.ts';
import { slugify } from '../../src/lib/slugify.ts';

const now = new Date('2026-11-22T12:00:00Z');
const day = 86_400_000;
const at = (days: number) => new Date(now.getTime() + days * day);

describe('offer status', () => {
  const offer = (created: number, end: number | null, reviewStatus = 'accepted') => ({
    reviewStatus,
    createdAt: at(created),
    offerEnd: end === null ? null : at(end),
  });

  it.each([
    ['expired when the end has passed', offer(-30, -1), 'expired'],
    ['ending soon within 7 days', offer(-30, 6.9), 'expireSoon'],
    ['ending soon wins over new', offer(-1, 3), 'expireSoon'],
    ['new within 7 days of creation', offer(-6.9, 60), 'new'],
    ['plain accepted otherwise', offer(-8, 8), 'accepted'],
    ['no end date never expires', offer(-100, null), 'accepted'],
    ['pending stays pending', offer(-1, -5, 'pending'), 'pending'],
    ['withdrawn by the team shows as expired', { ...offer(-1, 60), withdrawnAt: at(-0.5) }, 'expired'],
  ])('%s', (_name, input, expected) => {
    expect(offerDisplayStatus(input, now)).toBe(expected);
  });
});

describe('slugs', () => {
  it.each([
    ['Commercial Bank', 'commercial-bank'],
    ["People's Bank", 'people-s-bank'],
    ['Health & Wellness', 'health-wellness'],
    ['  HSBC Sri Lanka!! ', 'hsbc-sri-lanka'],
  ])('%s → %s', (name, slug) => expect(slugify(name)).toBe(slug));
});

describe('description sanitiser', () => {
  it('keeps the allowed markup and drops scripts, handlers and javascript: links', () => {
    const html =
      '<p onclick="x()">Hi <strong>all</strong><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><a href="https://bank.example">ok</a></p>';
    const clean = sanitizeDescription(html);
    expect(clean).toBe(
      '<p>Hi <strong>all</strong><a rel="nofollow noopener noreferrer">x</a><a href="https://bank.example" rel="nofollow noopener noreferrer">ok</a></p>',
    );
  });
});
