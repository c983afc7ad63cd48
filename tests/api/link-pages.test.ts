// The pages that answer a link from an e-mail or an SMS opened in a browser (address confirmation,
// unsubscribe, the reminders' stop link): the site's stylesheet and header, in the link's language,
// under a policy that allows that stylesheet and no inline style or script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/server/domain/alerts.ts';
import { createTestApi, signUpVerified, TEST_SITE_URL, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ rateLimits: false });
});
afterAll(async () => {
  await api?.close();
});

const openPage = (path: string) => api.call('GET', path, { headers: { accept: 'text/html' } });

/** The policy's sources for one directive ('style-src'), falling back to default-src as browsers do. */
function sources(policy: string, directive: string): string[] {
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
  return directives.get(directive) ?? directives.get('default-src') ?? [];
}

describe('the link pages', () => {
  const brokenLinks = [
    '/api/email/verify?token=nonsense',
    '/api/email/unsubscribe?token=nonsense',
    '/api/reminders/stop?token=nonsense',
  ];

  it.each(brokenLinks)(
    '%s links the site stylesheet, which its policy allows, and has no inline style or script',
    async (path) => {
      const page = await openPage(path);
      expect(page.status).toBe(400);
      const html = page.body as string;
      const policy = page.headers.get('content-security-policy')!;
      expect(sources(policy, 'style-src')).toEqual(["'self'"]);
      expect(sources(policy, 'script-src')).toEqual(["'none'"]);

      const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((match) => match[1]!);
      expect(stylesheets).toEqual(['/api/link-page.css']); // same origin: 'self'
      expect(html).not.toMatch(/<style|\sstyle=|<script/i);
      // The site's header: the logo, linking home (on the site's address where the server knows it).
      expect(html).toMatch(
        new RegExp(`<header class="site-header">.*<a class="logo" href="(${TEST_SITE_URL})?/"[^>]*>.*OfferLanka`, 's'),
      );

      const css = await api.call('GET', stylesheets[0]!);
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toMatch(/^text\/css/);
      expect(css.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(css.body).toContain('--brand:'); // global.css
      expect(css.body).toContain('.site-header');
    },
  );

  it('is in the language the link names, its logo linking to that language home', async () => {
    const page = await openPage('/api/reminders/stop?token=nonsense&lang=si');
    expect(page.body).toContain('<html lang="si">');
    expect(page.body).toMatch(/<a class="logo" href="\/si"/);
  });

  it("draws unsubscribe's button as the site's button", async () => {
    const { userId } = await signUpVerified(api);
    const page = await openPage(`/api/email/unsubscribe?token=${await unsubscribeToken(api.handle.db, userId)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<form method="post"><button class="button" type="submit">/);
  });
});
