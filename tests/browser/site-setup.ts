// The browser project's global setup: the real server (PGlite in a temp folder, demo data seeded on
// start) serving one fresh build of the site beside its API on one port, for every test file of
// the suite (a build takes a while; each file connects its own Chromium to it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { readEnv } from '../../src/server/env.ts';
import { startServer } from '../../src/server/server.ts';
import { createOrPromoteMerchant } from '../../src/server/services/merchant-accounts.ts';
import { buildSite } from '../../src/server/site/build.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The suite's one merchant account (userType 2), made by the team's service: harness.ts signInMerchant(). */
    merchantAccount: { mobileNo: string; password: string };
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

export default async function setup(project: TestProject) {
  const work = mkdtempSync(join(tmpdir(), 'offerlanka-browser-'));
  const siteDir = join(work, 'dist');
  const env = readEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), SITE_DIR: siteDir, RATE_LIMITS: '0' });
  const server = await startServer({ env, log: () => {} });
  const close = async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await createOrPromoteMerchant(server.handle.db, MERCHANT_ACCOUNT);
    await buildSite({ apiUrl: `${server.url}/api`, siteDir, siteUrl: server.url, buildsDir: join(work, 'builds'), log: () => {} });
    await server.site?.reload(); // as the rebuilder tells it after a build
  } catch (error) {
    await close();
    throw error;
  }
  project.provide('siteUrl', server.url);
  project.provide('merchantAccount', { mobileNo: MERCHANT_ACCOUNT.mobileNo, password: MERCHANT_ACCOUNT.password });
  return close;
}
