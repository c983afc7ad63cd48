// The browser project's global setup: the real server (PGlite in a temp folder, demo data seeded on
// start) serving one fresh build of the site beside its API on one port, kept up to date by the
// site rebuilder, for every test file of the suite (a build takes a while; each file connects its
// own Chromium to it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/server.ts';
import { createOrPromoteMerchant } from '../../src/server/domain/merchant-accounts.ts';
import { createOrPromoteTeamMember } from '../../src/server/domain/team-members.ts';
import { NO_DELAY_SHEDDING } from '../support/server-env.ts';
import { SITE_TEST_OFFERS } from '../support/site-catalogue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The served build's folder (a symlink a rebuild switches): the service worker's tests write a new worker into it. */
    siteDir: string;
    /** The suite's one merchant account (userType 2), made by the team's service: harness.ts signInMerchant(). */
    merchantAccount: { mobileNo: string; password: string };
    /** The suite's one team account (userType 3), as `npm run team` makes it: harness.ts signInTeam(). */
    teamAccount: { mobileNo: string; password: string };
  }
}

/** The merchant account every file can sign in as (the console's tests). Sign-up makes customers only. */
export const MERCHANT_ACCOUNT = {
  mobileNo: '701234567',
  activated: true,
  password: 'Galle-Fort-Ramparts-83',
  firstName: 'Kamal',
  businessName: 'Lanka Spice House',
  BRno: 'PV 00012345',
  companyEmail: 'offers@lankaspice.example',
  contactNo: '112345678',
  addressNo: '42',
  streetName: 'Galle Road',
  city: 'Colombo 03',
} as const;

/** The team account every file can sign in as (what the team sees: reports, the review queue). */
export const TEAM_ACCOUNT = {
  mobileNo: '701234568',
  password: 'Sigiriya-Rock-Frescoes-57',
  firstName: 'Tharushi',
} as const;

/** Lower than a production build's 19, higher than the tests' lanes at 19 (their share of a core is then 1/7 of the build's). */
const BUILD_NICENESS = 10;

export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'offerlanka-browser-'));
  const siteDir = join(work, 'dist');
  const env = readEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    RATE_LIMITS: '0',
    ...NO_DELAY_SHEDDING,
  });
  // As `npm start` runs it: the first full build now, then offers the team accepts, edits or
  // withdraws are published at once (the team console's journey waits for that). Its builds run
  // above the lowest priority, which the suite's other lanes run at (scripts/test.ts): the files
  // wait for them. What each build took is printed, to see where the lane's time goes.
  const server = await startServer({
    env,
    seedWhenEmpty: { offers: SITE_TEST_OFFERS },
    rebuildSite: {
      buildsDir: join(work, 'builds'),
      buildNiceness: BUILD_NICENESS,
      // No test here reads an offer's preview image (tests/site/preview-images.test.ts does): 566 fewer to draw.
      previewImages: false,
      log: (line) => {
        if (/^\[site\] (built|published|rebuilding|publishing failed|rebuild failed)/.test(line)) console.log(line);
      },
    },
    log: () => {},
  });
  const close = async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await createOrPromoteMerchant(server.handle.db, MERCHANT_ACCOUNT);
    await createOrPromoteTeamMember(server.handle.db, TEAM_ACCOUNT);
    await server.rebuilder!.publishChanges(); // resolves once the first build ('no build yet') is served
    await server.site?.reload();
  } catch (error) {
    await close();
    throw error;
  }
  project.provide('siteUrl', server.url);
  project.provide('siteDir', siteDir);
  project.provide('merchantAccount', { mobileNo: MERCHANT_ACCOUNT.mobileNo, password: MERCHANT_ACCOUNT.password });
  project.provide('teamAccount', { mobileNo: TEAM_ACCOUNT.mobileNo, password: TEAM_ACCOUNT.password });
  return close;
}
