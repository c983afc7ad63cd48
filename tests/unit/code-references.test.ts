// codeReferences: the files a page or a built script names, as the service worker and the build follow them.
import { describe, expect, it } from 'vitest';
import { codeReferences } from '../../src/lib/code-references.ts';

const SITE = 'https://offers.example';
const CHUNK = `${SITE}/_astro/recent-strips-offline.3nxWgmhB.js`;
// As Vite and rolldown write a chunk: preload list, static import, backtick dynamic import, a CSS URL by ?url.
const BUILT_CHUNK =
  'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/mount-recent-strips.DpFG1Amk.js","_astro/react.DgF_CDSV.js"])))=>i.map(i=>d[i]);' +
  'import{Wt as e}from"./site.BNLvNAR7.js";import"./side-effect.A1.js";var r=`/_astro/RecentlyViewed.D7_ifBAM.css`;' +
  'e(()=>import(`./keen-slider.es.DkmJ3z9Q.js`),__vite__mapDeps([0,1]));fetch("https://cdn.example/_astro/x.js");var s=`./not-code.txt`;';

describe('codeReferences', () => {
  it('finds every file a built script names: preload lists, static and dynamic imports, stylesheets by URL', () => {
    expect(codeReferences(BUILT_CHUNK, CHUNK, SITE).sort()).toEqual(
      [
        'mount-recent-strips.DpFG1Amk.js',
        'react.DgF_CDSV.js',
        'site.BNLvNAR7.js',
        'side-effect.A1.js',
        'RecentlyViewed.D7_ifBAM.css',
        'keen-slider.es.DkmJ3z9Q.js',
      ]
        .map((file) => `${SITE}/_astro/${file}`)
        .sort(),
    );
  });

  it('with staticImportsOnly, leaves out what a script only loads later, but keeps stylesheets it names', () => {
    expect(codeReferences(BUILT_CHUNK, CHUNK, SITE, { staticImportsOnly: true }).sort()).toEqual(
      ['site.BNLvNAR7.js', 'side-effect.A1.js', 'RecentlyViewed.D7_ifBAM.css']
        .map((file) => `${SITE}/_astro/${file}`)
        .sort(),
    );
  });

  it("reads a page's scripts, stylesheets and island URLs, and a stylesheet's fonts, on the site only", () => {
    const page =
      '<link rel="stylesheet" href="/_astro/index.B1.css"><script type="module" src="/_astro/page.C2.js"></script>' +
      '<astro-island component-url="/_astro/OfferBrowser.D3.js" renderer-url="/_astro/client.E4.js"></astro-island>' +
      '<img src="/api/images/logo.svg"><script src="https://elsewhere.example/_astro/z.js"></script>';
    expect(codeReferences(page, `${SITE}/si/`, SITE).sort()).toEqual(
      ['index.B1.css', 'page.C2.js', 'OfferBrowser.D3.js', 'client.E4.js']
        .map((file) => `${SITE}/_astro/${file}`)
        .sort(),
    );
    const css = '@font-face{src:url(/_astro/noto-sinhala.F5.woff2) format("woff2")}.a{background:url(../logo.png)}';
    expect(codeReferences(css, `${SITE}/_astro/index.B1.css`, SITE)).toEqual([`${SITE}/_astro/noto-sinhala.F5.woff2`]);
  });
});
