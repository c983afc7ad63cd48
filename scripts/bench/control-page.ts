// For bench:site: the machine's floor. A page with a heading, one paragraph and one button, no
// script at load, no image, no web font, sent by a bare node:http server on loopback. Lighthouse
// and the press on its button measure what this machine's Chromium costs for any page: what the
// site's own figures cannot go below here. It has no goal of its own.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Interaction } from './interactions.ts';

const CONTROL_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Control page</title>
<meta name="description" content="A page with one paragraph and one button, to measure the browser itself.">
<style>body { font-family: system-ui, sans-serif; margin: 1rem; } button { min-height: 48px; min-width: 96px; }</style>
</head>
<body>
<main>
<h1>Control page</h1>
<p>One paragraph and one button: what the browser costs before a site's own work.</p>
<button type="button" aria-pressed="false" onclick="this.setAttribute('aria-pressed', String(this.getAttribute('aria-pressed') !== 'true'))">Save</button>
</main>
</body>
</html>
`;

export interface ControlPage {
  url: string;
  close(): Promise<void>;
}

/** Serves the control page at / on 127.0.0.1 (any other path is a 404). */
export async function startControlPage(): Promise<ControlPage> {
  const body = Buffer.from(CONTROL_PAGE);
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': body.length,
        'cache-control': 'no-cache',
      })
      .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The control page's button, pressed as the site's controls are. */
export const controlPress = (page: ControlPage): Interaction => ({
  name: 'control button',
  site: new URL(page.url).origin,
  path: '/',
  press: 'button[aria-pressed="false"]',
  answer: {
    name: 'shown as pressed',
    at: `document.querySelector('button[aria-pressed="true"]') && performance.now()`,
  },
});

/**
 * The control page's figure for round `round` (0-based), of its runs in order: the mean of its run
 * at the round's start and the next one (the next round's first, or the closing run after the last
 * round), so that one control run's own spread, and the machine's drift over the round's minutes,
 * weigh less on the pages' ratios to it. A round with no run after it takes its own alone.
 */
export function controlForRound(controlFigures: number[], round: number): number {
  const before = controlFigures[round];
  if (before === undefined) throw new Error(`The control page has no run for round ${round + 1}`);
  const after = controlFigures[round + 1];
  return after === undefined ? before : (before + after) / 2;
}
