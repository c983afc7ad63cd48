// The site's static server (src/server/site/routes.ts) while another process switches a new build
// in: each answer's page and its headers, the Content-Security-Policy above all, come from one build.
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/context.ts';
import { CDN_HEADERS_FILE } from '../../src/server/site/headers.ts';
import { mountSite, type ServedSite } from '../../src/server/site/routes.ts';

let root: string | undefined;
let served: ServedSite | undefined;
afterEach(() => {
  served?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A build folder: its home page, and its headers file naming the policy its inline scripts need. */
function writeBuild(name: string, page: string, policy: string): string {
  const dir = join(root!, 'builds', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, CDN_HEADERS_FILE), `/*\n  Content-Security-Policy: ${policy}\n`);
  return dir;
}

/** Points the site link at a build in one step, as switchSite does. */
function pointSiteAt(link: string, build: string) {
  symlinkSync(build, `${link}.next`);
  renameSync(`${link}.next`, link);
}

describe('a build switched in by another process', () => {
  it('is served with its own headers only once they are read: until then the last build answers, page and policy', async () => {
    root = mkdtempSync(join(tmpdir(), 'offerlanka-site-routes-'));
    const link = join(root, 'dist');
    pointSiteAt(link, writeBuild('a', '<h1>Build A</h1>', "script-src 'sha256-aaa'"));
    const app = new Hono<AppEnv>();
    served = await mountSite(app, link, ['/api']);
    const home = async () => {
      const answer = await app.request('/', { headers: { 'accept-encoding': 'identity' } });
      return [await answer.text(), answer.headers.get('content-security-policy')];
    };
    expect(await home()).toEqual(['<h1>Build A</h1>', "script-src 'sha256-aaa'"]);

    pointSiteAt(link, writeBuild('b', '<h1>Build B</h1>', "script-src 'sha256-bbb'"));
    // Not yet noticed (the check runs every few seconds): build A's page with build A's policy, never B's page under A's.
    expect(await home()).toEqual(['<h1>Build A</h1>', "script-src 'sha256-aaa'"]);

    await served.reload(); // as the check does once it sees the new build
    expect(await home()).toEqual(['<h1>Build B</h1>', "script-src 'sha256-bbb'"]);
  });
});
