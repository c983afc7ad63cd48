// npm run bench:compare -- ORIGIN ORIGIN...: the same Lighthouse runs and presses as bench:site, on
// sites that are already running (two `npm start`s of two commits, on two PORTs), taking turns run by
// run. On a shared machine the CPU's speed can halve between two runs minutes apart; runs taken in
// turn see the same machine, so what differs between the origins is the code. Every run and press
// is slowed by the host's benchmark index (lighthouse.ts CpuCalibration): a Lighthouse run by the
// index it measured itself (auditedAtOwnIndex), the presses by one measured just before; printed with it.
//   BENCH_COMPARE_PATHS   the pages for Lighthouse, comma-separated (default: bench:site's English home and offer page, picked on the first origin)
//   BENCH_COMPARE_ROUNDS  how many turns, 1 or more (default 3)
import type { InteractionTiming } from './bench/interactions.ts';
import type { LighthouseRun } from './bench/lighthouse.ts';

const USAGE =
  'usage: [BENCH_COMPARE_ROUNDS=N] [BENCH_COMPARE_PATHS=/,/path] npm run bench:compare -- http://127.0.0.1:4321 http://127.0.0.1:4322 [more origins]';
const origins = process.argv.slice(2).map((origin) => origin.replace(/\/$/, ''));
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
if (
  origins.length < 2 ||
  origins.some((origin) => !/^https?:\/\/[^/]+$/.test(origin)) ||
  !Number.isInteger(rounds) ||
  rounds < 1
) {
  console.error(USAGE);
  process.exit(2);
}
// Loaded once the arguments are known to be right: Lighthouse takes seconds to load.
const { CpuCalibration, indexSwing, launchChromium } = await import('./bench/lighthouse.ts');
const { customerSession, timeInteractions } = await import('./bench/interactions.ts');
const { pickPages } = await import('./bench/pages.ts');
const { baseLocale } = await import('../src/paraglide/runtime.js');

const paths =
  process.env.BENCH_COMPARE_PATHS?.split(',') ??
  (await pickPages(origins[0]!))
    .filter((page) => page.locale === baseLocale && page.kind !== 'bank')
    .map((page) => page.path);

const pressesText = (timings: InteractionTiming[]) =>
  timings.map((timing) => `${timing.name} ${timing.eventToPaintMs}`).join(', ');
const calibration = new CpuCalibration(origins[0]! + paths[0]!);

console.log(
  `Lighthouse (mobile, simulated throttling, CPU slowdown = each run's own benchmark index / 500), ${rounds} rounds, the origins in turn:`,
);
const lighthouseRuns: LighthouseRun[] = [];
for (const path of paths) {
  console.log(`  ${path}`);
  for (let round = 1; round <= rounds; round++) {
    for (const origin of origins) {
      const run = await calibration.run(origin + path);
      lighthouseRuns.push(run);
      console.log(
        `    round ${round}  ${origin.padEnd(24)} perf ${run.scores.performance}, TBT ${run.totalBlockingTimeMs} ms (by CPU time ${run.blockingCpuMs} ms), main thread ${run.mainThreadMs} ms (its CPU time ${run.mainThreadCpuMs} ms), LCP ${(run.largestContentfulPaintMs / 1000).toFixed(2)} s (unthrottled ${run.unthrottledLcpMs} ms; CPU ${run.cpuSlowdown}×; index ${run.benchmarkIndex})`,
      );
    }
  }
}

console.log(`  ${indexSwing(lighthouseRuns)}`);

console.log(
  `\nPresses (event to next paint, ms, the median of each control's presses, CPU slowed by an index / 500 measured just before each round of presses, on the first origin's first page), ${rounds} rounds, the origins in turn:`,
);
for (let round = 1; round <= rounds; round++) {
  for (const origin of origins) {
    // A new customer each round: each favourite press saves one more of the first page's cards.
    const session = await customerSession(origin);
    const { benchmarkIndex, slowdown } = await calibration.remeasure();
    const browser = await launchChromium();
    try {
      const timings = await timeInteractions(origin, browser.port, session, slowdown);
      console.log(
        `  round ${round}  ${origin.padEnd(24)} ${pressesText(timings)} (CPU ${slowdown}×; index ${benchmarkIndex})`,
      );
    } finally {
      await browser.close();
    }
  }
}
