// @ts-check
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Static output: every page is pre-rendered; islands hydrate against the live API.
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  integrations: [react()],
  trailingSlash: 'ignore',
  // CSS inlined into each page: one round trip less before the first paint (it is ~2 KB gzipped).
  build: { format: 'directory', inlineStylesheets: 'always' },
});
