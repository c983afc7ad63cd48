// Imports run one way (docs/architecture.md "Layout"): pages and islands → stores → client → lib →
// contract; build → lib and contract; server → lib and contract; nothing in the browser imports
// server or build code. Every import of every file under src/ is checked against the table below,
// and inside src/server every import between its rooms against the server's own table.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/** The folders under src/ each folder may import from (its own is always allowed). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  contract: [],
  // The messages Paraglide compiles from messages/*.json (docs/i18n.md): every side speaks the visitor's language.
  paraglide: [],
  lib: ['contract', 'paraglide'],
  client: ['lib', 'contract', 'paraglide'],
  stores: ['client', 'lib', 'contract', 'paraglide'],
  islands: ['stores', 'client', 'lib', 'contract', 'paraglide'],
  'page-scripts': ['islands', 'stores', 'client', 'lib', 'contract', 'paraglide'],
  // The fonts folder holds font files the build declares (the switcher's language names).
  build: ['lib', 'contract', 'paraglide', 'fonts'],
  server: ['lib', 'contract', 'paraglide'],
  content: ['lib', 'contract', 'paraglide'],
  styles: [],
  fonts: [],
  // The service worker (bundled by the site build into sw.js): the cache names it shares with the pages.
  'service-worker': ['lib'],
  // Astro's server-side parts render at build time: they may read the build and render islands.
  components: [
    'islands',
    'stores',
    'client',
    'lib',
    'contract',
    'build',
    'page-scripts',
    'content',
    'styles',
    'paraglide',
  ],
  layouts: [
    'components',
    'islands',
    'stores',
    'client',
    'lib',
    'contract',
    'build',
    'page-scripts',
    'styles',
    'paraglide',
  ],
  pages: [
    'layouts',
    'components',
    'islands',
    'stores',
    'client',
    'lib',
    'contract',
    'build',
    'page-scripts',
    'content',
    'styles',
    'paraglide',
  ],
  // src/content.config.ts
  '': ['build', 'lib', 'contract', 'paraglide'],
};
/**
 * Modules another layer may import besides the table: the server starts the builds and sets the
 * pages and languages they render, and names the sitemaps they write.
 */
const SHARED_WITH: Record<string, readonly string[]> = {
  'build/page-selection.ts': ['server'],
  'build/locales.ts': ['server'],
  'build/sitemap-files.ts': ['server'],
};
/** Packages the contract may use: it is shared by every side, so it stays plain valibot. */
const CONTRACT_PACKAGES = ['valibot'];

const SERVER = join(SRC, 'server');
/**
 * The server's rooms (its folders, and the files directly in src/server/) and the rooms each may
 * import from (its own is always allowed). The rules (domain) and the services import nothing
 * above them: what they need from the jobs or the environment, their callers pass in.
 */
const SERVER_MAY_IMPORT: Record<string, readonly string[]> = {
  'errors.ts': [],
  db: [],
  // Drawing only (monograms, icons, outlined text): no database, no rules.
  images: [],
  'validate.ts': ['errors.ts'],
  'serialize.ts': ['db'],
  services: ['errors.ts', 'db'],
  http: ['services', 'errors.ts'],
  importers: ['services', 'serialize.ts', 'db'],
  // seed: the demo data set's mark in site_meta, which the catalogue reads.
  domain: ['importers', 'images', 'seed', 'services', 'serialize.ts', 'validate.ts', 'errors.ts', 'db'],
  seed: ['importers', 'images', 'services', 'db'],
  jobs: ['domain', 'importers', 'http', 'services', 'db'],
  site: ['context.ts', 'domain', 'images', 'http', 'serialize.ts', 'db'],
  'context.ts': ['jobs', 'domain', 'services', 'serialize.ts', 'errors.ts', 'db'],
  routes: ['context.ts', 'jobs', 'domain', 'http', 'services', 'serialize.ts', 'validate.ts', 'errors.ts', 'db'],
  'app.ts': ['routes', 'context.ts', 'http', 'errors.ts'],
  'env.ts': ['importers', 'services'],
  'server.ts': ['app.ts', 'context.ts', 'env.ts', 'site', 'jobs', 'seed', 'importers', 'http', 'services', 'db'],
};
/** Packages only one folder may import: every pg-boss queue (imports, digests, reminders) lives in server/jobs/. */
const PACKAGE_HOMES: Record<string, string> = { 'pg-boss': 'server/jobs' };

export interface ImportViolation {
  file: string;
  specifier: string;
  rule: string;
}

/** The layer of a path under src/: its first folder, or '' for files directly in src/. */
const layerOf = (path: string) => {
  const parts = relative(SRC, path).split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : '';
};

/** The room of a path under src/server/: its first folder there, or its file name. */
const serverRoomOf = (path: string) => relative(SERVER, path).split(/[\\/]/)[0]!;

/** Every module specifier in a source text: static imports and exports, and dynamic import(). */
export function importSpecifiers(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(/(?:^|[\s;}])(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g))
    found.add(match[1]!);
  for (const match of source.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g)) found.add(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(match[1]!);
  return [...found];
}

/** What is wrong with one file's imports, given its path under src/ and its text. */
export function importViolations(file: string, source: string): ImportViolation[] {
  const from = layerOf(file);
  const allowed = MAY_IMPORT[from];
  if (!allowed) return [{ file, specifier: '', rule: `src/${from}/ is not in the import table` }];
  const room = from === 'server' ? serverRoomOf(file) : undefined;
  const roomAllowed = room === undefined ? [] : SERVER_MAY_IMPORT[room];
  if (!roomAllowed) return [{ file, specifier: '', rule: `src/server/${room} is not in the server's import table` }];
  const path = relative(SRC, file).split(/[\\/]/).join('/');
  const violations: ImportViolation[] = [];
  for (const specifier of importSpecifiers(source)) {
    if (specifier.startsWith('.')) {
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(SRC)) continue; // e.g. package.json
      const to = layerOf(target);
      const shared = SHARED_WITH[relative(SRC, target).split(/[\\/]/).join('/')]?.includes(from);
      if (to !== from && !allowed.includes(to) && !shared)
        violations.push({ file, specifier, rule: `src/${from || '.'} may not import src/${to}` });
      if (room !== undefined && to === 'server') {
        const toRoom = serverRoomOf(target);
        if (toRoom !== room && !roomAllowed.includes(toRoom))
          violations.push({ file, specifier, rule: `src/server/${room} may not import src/server/${toRoom}` });
      }
    } else {
      if (from === 'contract' && !CONTRACT_PACKAGES.includes(specifier))
        violations.push({ file, specifier, rule: 'src/contract imports nothing but valibot' });
      const home = Object.entries(PACKAGE_HOMES).find(
        ([name]) => specifier === name || specifier.startsWith(`${name}/`),
      )?.[1];
      if (home && !path.startsWith(`${home}/`))
        violations.push({ file, specifier, rule: `only src/${home} imports ${specifier}` });
    }
  }
  return violations;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return ['.ts', '.tsx', '.astro', '.mjs'].includes(extname(entry.name)) ? [path] : [];
  });
}

describe('import direction', () => {
  it('the checker finds imports that run the wrong way', () => {
    const at = (path: string) => join(SRC, path);
    expect(importViolations(at('lib/x.ts'), "import { $session } from '../stores/session.ts';")).toHaveLength(1);
    expect(importViolations(at('lib/x.ts'), "const m = () => import('../client/http.ts');")).toHaveLength(1);
    expect(importViolations(at('client/x.ts'), "import type { S } from '../stores/session.ts';")).toHaveLength(1);
    expect(importViolations(at('contract/x.ts'), "import dayjs from 'dayjs';")).toHaveLength(1);
    expect(importViolations(at('contract/x.ts'), "import { X } from '../lib/constants.ts';")).toHaveLength(1);
    expect(importViolations(at('islands/a/B.tsx'), "import { db } from '../../server/db/client.ts';")).toHaveLength(1);
    expect(importViolations(at('client/x.ts'), "export { y } from '../server/errors.ts';")).toHaveLength(1);
    expect(
      importViolations(
        at('islands/a/B.tsx'),
        "import { s } from '../../stores/session.ts';\nimport { c } from '../../client/http.ts';",
      ),
    ).toEqual([]);
    expect(importViolations(at('contract/x.ts'), "import * as v from 'valibot';")).toEqual([]);
    expect(
      importViolations(at('server/site/x.ts'), "import { PAGE_SELECTION_ENV } from '../../build/page-selection.ts';"),
    ).toEqual([]);
    expect(
      importViolations(at('server/site/x.ts'), "import { getSiteData } from '../../build/site-data.ts';"),
    ).toHaveLength(1);
  });

  it('the checker holds the rooms of src/server', () => {
    const at = (path: string) => join(SRC, 'server', path);
    // The rules and the services are given what they need from above.
    expect(importViolations(at('domain/x.ts'), "import { REMINDER_JOB } from '../jobs/reminders.ts';")).toHaveLength(1);
    expect(importViolations(at('domain/x.ts'), "import type { ServerDeps } from '../context.ts';")).toHaveLength(1);
    expect(importViolations(at('services/x.ts'), "import type { ServerEnv } from '../env.ts';")).toHaveLength(1);
    expect(importViolations(at('services/x.ts'), "import { findOfferById } from '../domain/offers.ts';")).toHaveLength(
      1,
    );
    expect(importViolations(at('routes/x.ts'), "import { REMINDER_JOB } from '../jobs/reminders.ts';")).toEqual([]);
    // images/ draws: the catalogue, the demo data and the preview images use it, and it uses no other room.
    expect(importViolations(at('images/x.ts'), "import type { Database } from '../db/client.ts';")).toHaveLength(1);
    expect(
      importViolations(at('images/x.ts'), "import { CATEGORY_ICONS } from '../../contract/team-catalogue.ts';"),
    ).toEqual([]);
    expect(importViolations(at('domain/x.ts'), "import { bankLogoSvg } from '../images/svg.ts';")).toEqual([]);
    expect(importViolations(at('site/x.ts'), "import { initials } from '../images/svg.ts';")).toEqual([]);
    expect(importViolations(at('seed/x.ts'), "import { escapeXml } from '../images/xml.ts';")).toEqual([]);
    expect(importViolations(at('routes/x.ts'), "import { initials } from '../images/svg.ts';")).toHaveLength(1);
    // The job queues, the importers' among them, live in jobs/.
    expect(importViolations(at('jobs/import-queue.ts'), "import type { PgBoss } from 'pg-boss';")).toEqual([]);
    expect(importViolations(at('importers/queue.ts'), "import type { PgBoss } from 'pg-boss';")).toHaveLength(1);
    expect(importViolations(at('new-room/x.ts'), '')).toHaveLength(1);
  });

  it('every file under src/ imports only the layers below it', () => {
    const violations = sourceFiles(SRC).flatMap((file) => importViolations(file, readFileSync(file, 'utf8')));
    expect(violations.map((v) => `${relative(SRC, v.file)}: ${v.specifier} (${v.rule})`)).toEqual([]);
  });
});
