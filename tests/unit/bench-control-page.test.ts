// bench:site's control page: the machine's floor is only a floor if the page carries nothing of the site's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlForRound, controlPress, startControlPage, type ControlPage } from '../../scripts/bench/control-page.ts';

describe('bench:site control page', () => {
  let control: ControlPage;
  beforeAll(async () => {
    control = await startControlPage();
  });
  afterAll(async () => {
    await control.close();
  });

  it('serves one small HTML page at / with no script file, image or web font', async () => {
    const response = await fetch(control.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(html).toContain('<meta name="viewport"');
    expect(html).not.toMatch(/<script|<img|<link|@font-face|url\(/);
    expect(html).toContain('<button type="button" aria-pressed="false"');
  });

  it('answers 404 for any other path', async () => {
    const response = await fetch(new URL('/favicon.ico', control.url));
    expect(response.status).toBe(404);
  });

  it('its press loads the control page itself and waits for the button to show as pressed', () => {
    const press = controlPress(control);
    expect(`${press.site}${press.path}`).toBe(control.url);
    expect(press.press).toBe('button[aria-pressed="false"]');
    expect(press.answer.at).toContain('button[aria-pressed="true"]');
  });
});

describe('controlForRound', () => {
  it("takes the mean of the control page's runs before and after a round", () => {
    // Three rounds and the closing run.
    const figures = [400, 550, 690, 600];
    expect([0, 1, 2].map((round) => controlForRound(figures, round))).toEqual([475, 620, 645]);
  });

  it("takes a round's own run when none follows it, and refuses a round with none", () => {
    expect(controlForRound([400, 550], 1)).toBe(550);
    expect(() => controlForRound([400], 1)).toThrow(/no run for round 2/);
  });
});
