// npm run bench:compare -- ORIGIN ORIGIN...: the same Lighthouse runs and presses as bench:site, on
// sites that are already running (two `npm start`s of two commits, on two PORTs), taking turns run by
// run. On a shared machine the CPU's speed can halve between two runs minutes apart; runs taken in
// turn see the same machine, so what differs between the origins is the code.
//   BENCH_COMPARE_PATHS   the pages for Lighthouse, comma-separated (default: home and the bench's offer page)
//   BENCH_COMPARE_ROUNDS  how many turns (default 3)
import type { InteractionTiming } from './bench/interactions.ts';

const origins = process.argv.slice(2).map((origin) => origin.replace(/\/$/, ''));
if (origins.length < 2 || origins.some((origin) => !/^https?:\/\/[^/]+$/.test(origin))) {
  console.error('usage: npm run bench:compare -- http://127.0.0.1:4321 http://127.0.0.1:4322 [more origins]');
  process.exit(2);
}
const paths = (process.env.BENCH_COMPARE_PATHS ?? '/,/nations-trust-bank-credit-card-offers/credit-card-offers-for-fashion/600').split(',');
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
// Loaded once the arguments are known to be right: Lighthouse takes seconds to load.
const { launchChromium, runLighthouse } = await import('./bench/lighthouse.ts');
const { customerSession, timeInteractions } = await import('./bench/interactions.ts');

/** One Lighthouse run in a Chromium of its own: performance, total blocking time and the CPU benchmark index. */
async function lighthouseOnce(url: string): Promise<string> {
  const browser = await launchChromium();
  try {
    const run = await runLighthouse(url, browser.port);
    const tbt = Math.round(run.lhr.audits['total-blocking-time']?.numericValue ?? NaN);
    return `perf ${run.scores.performance}, TBT ${tbt} ms (CPU index ${Math.round(run.benchmarkIndex ?? 0)})`;
  } finally {
    await browser.close();
  }
}

const pressesText = (timings: InteractionTiming[]) => timings.map((timing) => `${timing.name} ${timing.eventToPaintMs}`).join(', ');

console.log(`Lighthouse (mobile, simulated throttling), ${rounds} rounds, the origins in turn:`);
for (const path of paths) {
  for (let round = 1; round <= rounds; round++) {
    for (const origin of origins) console.log(`  ${path}  round ${round}  ${origin.padEnd(24)} ${await lighthouseOnce(origin + path)}`);
  }
}

console.log(`\nPresses (event to next paint at 4× CPU slowdown, ms, the median of each control's presses), ${rounds} rounds, the origins in turn:`);
const sessions = new Map<string, string>();
for (const origin of origins) sessions.set(origin, await customerSession(origin));
for (let round = 1; round <= rounds; round++) {
  for (const origin of origins) {
    const browser = await launchChromium();
    try {
      console.log(`  round ${round}  ${origin.padEnd(24)} ${pressesText(await timeInteractions(origin, browser.port, sessions.get(origin)!))}`);
    } finally {
      await browser.close();
    }
  }
}
