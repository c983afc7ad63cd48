// Lighthouse for bench:site: Debian's Chromium started headless with a DevTools port, and the
// lighthouse node API with its default config (mobile form factor, simulated throttling), its CPU
// slowdown calibrated to the host (CpuCalibration below).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { auditFlowArtifacts, generateReport, type Result, type RunnerResult } from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The flags for a machine without internet: nothing phones home, no GPU, no sandbox (root in a container). */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  port: number;
  close(): Promise<void>;
}

/** Debian's Chromium, unless CHROMIUM_PATH names another. */
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts Chromium with --remote-debugging-port=0 and reads the port it chose from its stderr. */
export function launchChromium(executable = CHROMIUM_EXECUTABLE): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'offerlanka-chromium-'));
  const child: ChildProcess = spawn(
    executable,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    // Chromium's last helper processes may still be writing into the profile as it goes: retried.
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`${executable} gave no DevTools port in 30 s: ${err}`));
    }, 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk;
      const match = err.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), close });
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${executable} exited with ${code}: ${err}`));
    });
  });
}

/**
 * The benchmark index of the phone Lighthouse means to emulate: its default 4× slowdown on the
 * 2,000-index desktop it was tuned on. Lighthouse's docs/throttling.md ("Calibrating the CPU
 * slowdown") divides the host's index by the target's.
 */
export const PHONE_BENCHMARK_INDEX = 500;
const SLOWDOWN_MIN = 1;
const SLOWDOWN_MAX = 10;

/** The CPU slowdown that makes a host of this benchmark index as fast as the phone: index / 500, clamped to 1–10, to a tenth. */
export const calibratedSlowdown = (benchmarkIndex: number) =>
  Math.min(SLOWDOWN_MAX, Math.max(SLOWDOWN_MIN, Math.round((benchmarkIndex / PHONE_BENCHMARK_INDEX) * 10) / 10));

/**
 * The host's speed as Lighthouse last measured it in this bench run. Lighthouse measures the index
 * at the start of each run, after it has been told the slowdown, so each run is first audited at
 * the index of the run before it (the first at a run of its own, on `calibrationUrl`, that counts
 * for nothing else), then again at its own when the two differ (auditedAtOwnIndex).
 */
export class CpuCalibration {
  private lastIndex = 0;
  constructor(
    private readonly calibrationUrl: string,
    private readonly runOne: (url: string, cpuSlowdown?: number) => Promise<LighthouseRun> = lighthouseInOwnChromium,
  ) {}

  /** The slowdown for the next run or press, and the index it comes from; measured first if none is yet. */
  async current(): Promise<{ benchmarkIndex: number; slowdown: number }> {
    if (!this.lastIndex) await this.measure(this.calibrationUrl);
    return { benchmarkIndex: this.lastIndex, slowdown: calibratedSlowdown(this.lastIndex) };
  }

  /** The index measured again on the calibration page, for work that Lighthouse does not time (presses). */
  async remeasure(): Promise<{ benchmarkIndex: number; slowdown: number }> {
    await this.measure(this.calibrationUrl, (await this.current()).slowdown);
    return this.current();
  }

  /** One Lighthouse run, its figures at its own index's slowdown; its index is the next run's first guess. */
  async run(url: string): Promise<LighthouseRun> {
    return this.measure(url, (await this.current()).slowdown);
  }

  private async measure(url: string, cpuSlowdown?: number): Promise<LighthouseRun> {
    const run = await this.runOne(url, cpuSlowdown);
    if (!run.benchmarkIndex) throw new Error(`Lighthouse on ${url} measured no CPU benchmark index to calibrate with`);
    this.lastIndex = run.benchmarkIndex;
    return run;
  }
}

/**
 * Above this ratio of a bench run's highest benchmark index to its lowest, the machine's speed is
 * said to have swung during the run (issue 48 asks the figures to say so).
 */
export const INDEX_SWING_RATIO = 1.25;

/**
 * What a bench run's indexes say of the machine while it ran: the lowest and highest, the slowdowns
 * they called for, and whether the machine's speed swung (INDEX_SWING_RATIO) or held.
 */
export function indexSwing(runs: Pick<LighthouseRun, 'benchmarkIndex' | 'cpuSlowdown'>[]): string {
  const measured = runs.filter((run) => run.benchmarkIndex > 0);
  if (!measured.length) return 'No run measured a benchmark index.';
  const byIndex = [...measured].sort((a, b) => a.benchmarkIndex - b.benchmarkIndex);
  const [slowest, fastest] = [byIndex[0]!, byIndex.at(-1)!];
  const ratio = fastest.benchmarkIndex / slowest.benchmarkIndex;
  const range = `from ${slowest.benchmarkIndex} to ${fastest.benchmarkIndex} (${ratio.toFixed(2)}×, slowdown ${slowest.cpuSlowdown.toFixed(1)}× to ${fastest.cpuSlowdown.toFixed(1)}×) over ${measured.length} runs`;
  return ratio > INDEX_SWING_RATIO
    ? `The machine's speed swung during these runs: its benchmark index went ${range}. Each run's figures are at its own index's slowdown, so they stand for the same phone; what the calibration cannot take out (other processes on the same two cores while the page loads) falls on the runs of the slow moments, the control page's included.`
    : `The machine's speed held during these runs: its benchmark index went ${range}.`;
}

export interface FlaggedAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** What the audit points at: the failed checks of a checklist, else the first URLs or elements of its table. */
  items: string[];
}
export interface LighthouseRun {
  scores: Record<Category, number>;
  /** Per category, its audits that score under 0.9 (Lighthouse's own pass mark), worst first. */
  flagged: Record<Category, FlaggedAudit[]>;
  warnings: string[];
  totalBlockingTimeMs: number;
  /** Main-thread work at load (the mainthread-work-breakdown audit), at the run's CPU slowdown. */
  mainThreadMs: number;
  /** The same work by Lighthouse's groups (Other, Style & Layout, Script Evaluation, ...), largest first. */
  mainThreadByGroup: { group: string; ms: number }[];
  /**
   * The same tasks' own CPU time (the trace's thread time), unthrottled: mainThreadMs counts each
   * task's wall time, which on two shared cores is mostly the renderer waiting for the other
   * processes (docs/operations.md), so this figure spreads far less from run to run.
   */
  mainThreadCpuMs: number;
  /**
   * Total blocking time's rule (each task's time over 50 ms, from the first contentful paint on)
   * applied to the same tasks' own CPU time at the run's slowdown: what the page's work blocks on a
   * phone whose renderer has a core of its own, where Lighthouse's figure also counts the time the
   * renderer waited here for the other processes.
   */
  blockingCpuMs: number;
  largestContentfulPaintMs: number;
  /**
   * The largest paint of the real load, unthrottled (Lighthouse's observedLargestContentfulPaint),
   * 0 when it gave none. Lantern's simulated LCP replays every request that finished before it, so
   * on a machine slow at that moment more of the page's requests count (docs/operations.md).
   */
  unthrottledLcpMs: number;
  /** Lighthouse's CPU benchmark index for this run, rounded; 0 when it gave none. */
  benchmarkIndex: number;
  /** The CPU slowdown multiplier the run was simulated at: its own index's, when calibrated. */
  cpuSlowdown: number;
  lhr: Result;
  reportHtml: string;
  reportJson: string;
}

/** The audits whose figures bench:site reads from the run's trace. */
const TRACE_FIGURES = ['mainthread-work-breakdown', 'total-blocking-time', 'largest-contentful-paint'] as const;

/**
 * A run whose trace Lighthouse could not read (NO_NAVSTART now and then, when the page's renderer
 * is a new process), for the whole run or for one of TRACE_FIGURES: Lighthouse's own advice is to
 * run it again.
 */
export class UnreadTraceError extends Error {}

/** Lighthouse's runtime errors that mean the trace was not recorded as it should have been. */
const UNREAD_TRACE_CODES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

/**
 * Why a run gives no figures, if it gives none: Lighthouse's runtime error, or a figure of
 * TRACE_FIGURES it could not compute; an UnreadTraceError when running again may mend it.
 */
export function runFailure(url: string, lhr: Pick<Result, 'runtimeError' | 'audits'>): Error | undefined {
  if (lhr.runtimeError) {
    const message = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    return UNREAD_TRACE_CODES.has(lhr.runtimeError.code) ? new UnreadTraceError(message) : new Error(message);
  }
  const unread = TRACE_FIGURES.filter((id) => typeof lhr.audits[id]?.numericValue !== 'number');
  if (unread.length)
    return new UnreadTraceError(
      `Lighthouse on ${url} could not read the trace for ${unread.join(', ')}: ${lhr.audits[unread[0]!]?.errorMessage ?? 'no value'}`,
    );
  return undefined;
}

/**
 * The page Lighthouse opens before the run, where it also measures the benchmark index. about:blank,
 * its default, leaves the tested page in the same renderer as the benchmark, with the benchmark's
 * garbage (up to 28 MB of it) still in the heap; DevTools' instrumentation walks that heap in the
 * page's first tasks, 1 to 35 ms of CPU at random, before the slowdown multiplies it. A data: URL is
 * no site's, so the page gets a renderer of its own, as on a phone's first visit.
 */
export const BLANK_PAGE = 'data:text/html,';

/** Lighthouse's flags for a run: default config, every category, on the Chromium at port, from BLANK_PAGE. */
export const lighthouseFlags = (port: number, cpuSlowdown?: number) => ({
  port,
  logLevel: 'error' as const,
  onlyCategories: [...CATEGORIES],
  blankPage: BLANK_PAGE,
  ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
});

/**
 * The run's report at the slowdown its own benchmark index calls for (calibratedSlowdown).
 * Lighthouse measures the index at the start of the run, after it was given the slowdown (the run
 * before's, CpuCalibration), and on a shared machine the index can halve between two runs. Its
 * throttling is simulated: the page loaded at full speed, and the slowdown enters only as the audits
 * simulate the load from the trace. So when the two differ, the same artifacts are audited again at
 * the run's own slowdown (about a second): every figure of a run, and the control page's beside
 * it, then stands for the same phone. `audit` is Lighthouse's; a test gives its own.
 */
export async function auditedAtOwnIndex(
  result: Pick<RunnerResult, 'lhr' | 'artifacts'>,
  port: number,
  audit: typeof auditFlowArtifacts = auditFlowArtifacts,
): Promise<Result> {
  const { lhr, artifacts } = result;
  if (!lhr.environment.benchmarkIndex) return lhr; // CpuCalibration refuses such a run
  const own = calibratedSlowdown(lhr.environment.benchmarkIndex);
  if (own === lhr.configSettings.throttling.cpuSlowdownMultiplier) return lhr;
  // Lighthouse audits artifacts only with the settings they were gathered with: the slowdown is the one that differs.
  const settings = {
    ...artifacts.settings,
    throttling: { ...artifacts.settings.throttling, cpuSlowdownMultiplier: own },
  };
  const flow = await audit({
    gatherSteps: [{ artifacts: { ...artifacts, settings }, flags: lighthouseFlags(port, own) }],
    name: lhr.finalDisplayedUrl,
  });
  return flow.steps[0]!.lhr;
}

/**
 * One Lighthouse run of url on the Chromium at port: default config, i.e. mobile with simulated
 * throttling. Given a cpuSlowdown (the index of the run before), its figures are the run's own
 * index's (auditedAtOwnIndex); without, Lighthouse's default 4×.
 */
export async function runLighthouse(url: string, port: number, cpuSlowdown?: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, lighthouseFlags(port, cpuSlowdown));
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  // A run without figures fails (or is run again) before it is audited a second time.
  const gatherFailure = runFailure(url, result.lhr);
  if (gatherFailure) throw gatherFailure;
  const lhr = cpuSlowdown === undefined ? result.lhr : await auditedAtOwnIndex(result, port);
  const failure = lhr === result.lhr ? undefined : runFailure(url, lhr);
  if (failure) throw failure;
  // runFailure has checked that each of TRACE_FIGURES is a number.
  const traceFigure = (id: (typeof TRACE_FIGURES)[number]) => Math.round(lhr.audits[id]!.numericValue!);
  const scores = {} as Record<Category, number>;
  const flagged = {} as Record<Category, FlaggedAudit[]>;
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === null) throw new Error(`Lighthouse on ${url}: no ${id} score`);
    scores[id] = Math.round(category.score * 100);
    flagged[id] = category.auditRefs
      .map((ref) => lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 0.9)
      .map((audit) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score!,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: pointsAt(audit.details),
      }))
      .sort((a, b) => a.score - b.score);
  }
  return {
    scores,
    flagged,
    warnings: lhr.runWarnings,
    totalBlockingTimeMs: traceFigure('total-blocking-time'),
    mainThreadMs: traceFigure('mainthread-work-breakdown'),
    mainThreadByGroup: mainThreadGroups(lhr.audits['mainthread-work-breakdown']?.details),
    ...cpuFigures(result.artifacts.Trace, lhr.configSettings.throttling.cpuSlowdownMultiplier),
    largestContentfulPaintMs: traceFigure('largest-contentful-paint'),
    unthrottledLcpMs: unthrottledLcp(lhr.audits.metrics?.details),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex ?? 0),
    cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
    lhr,
    reportHtml: generateReport(lhr, 'html'),
    reportJson: JSON.stringify(lhr, null, 2),
  };
}

/** How many times a run is tried when its trace could not be read. */
export const TRACE_ATTEMPTS = 3;

/**
 * One run in a Chromium started for it, as the Lighthouse CLI runs: no renderer, cache or memory
 * left from the runs before. A run whose trace could not be read is run again, up to TRACE_ATTEMPTS
 * times in all, and says so.
 */
export async function lighthouseInOwnChromium(
  url: string,
  cpuSlowdown?: number,
  { runOnce = runLighthouse, launch = launchChromium } = {},
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    const browser = await launch();
    try {
      return await runOnce(url, browser.port, cpuSlowdown);
    } catch (error) {
      if (!(error instanceof UnreadTraceError) || attempt >= TRACE_ATTEMPTS) throw error;
      console.log(`  (${error.message}; run again, attempt ${attempt + 1} of ${TRACE_ATTEMPTS})`);
    } finally {
      await browser.close();
    }
  }
}

type Details = Result['audits'][string]['details'];

/** An audit's table rows (its details' items); none when it has no table. */
const detailItems = (details: Details): unknown[] =>
  details && 'items' in details && Array.isArray(details.items) ? details.items : [];

/** The metrics audit's observedLargestContentfulPaint, rounded; 0 when it has none. */
export function unthrottledLcp(details: Details): number {
  const observed = (detailItems(details)[0] as { observedLargestContentfulPaint?: unknown } | undefined)
    ?.observedLargestContentfulPaint;
  return typeof observed === 'number' ? Math.round(observed) : 0;
}

/** A main-thread task as Lighthouse's tracehouse gives it: its trace event and the task it runs in, if any. */
interface TaskNode {
  event: object;
  parent?: unknown;
}

/** A trace event's thread time (`tdur`, microseconds); 0 for an event recorded without one. */
const threadTime = (event: object) => ('tdur' in event && typeof event.tdur === 'number' ? event.tdur : 0);

/** The top-level tasks' thread time, in milliseconds, rounded. */
export const threadTimeMs = (tasks: TaskNode[]) =>
  Math.round(tasks.reduce((sum, task) => sum + (task.parent ? 0 : threadTime(task.event)), 0) / 1000);

/** A task longer than this blocks input (Lighthouse's total blocking time counts what is over it). */
export const BLOCKING_THRESHOLD_MS = 50;

/** A main-thread task with its start and end in milliseconds from the navigation, as the tracehouse gives them. */
interface TimedTaskNode extends TaskNode {
  startTime: number;
  endTime: number;
}

/**
 * Total blocking time's rule on each top-level task's own CPU time, slowed `slowdown` times: what
 * is over BLOCKING_THRESHOLD_MS, counting for a task that straddles the first contentful paint
 * only its share after it, as Lighthouse does. Rounded milliseconds.
 */
export function blockingCpuMs(tasks: TimedTaskNode[], firstContentfulPaintMs: number, slowdown: number): number {
  let blocking = 0;
  for (const task of tasks) {
    if (task.parent || task.endTime <= firstContentfulPaintMs) continue;
    const wall = task.endTime - task.startTime;
    const afterPaint = wall > 0 ? (task.endTime - Math.max(task.startTime, firstContentfulPaintMs)) / wall : 1;
    blocking += Math.max(0, (threadTime(task.event) / 1000) * slowdown * afterPaint - BLOCKING_THRESHOLD_MS);
  }
  return Math.round(blocking);
}

/**
 * The page's main-thread tasks in the trace, as the mainthread-work-breakdown audit takes them, by
 * their thread time: in all, and blocking from the first contentful paint at `slowdown`.
 */
function cpuFigures(trace: Parameters<typeof TraceProcessor.processTrace>[0], slowdown: number) {
  const processed = TraceProcessor.processTrace(trace);
  const { timings } = TraceProcessor.processNavigation(processed);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  return {
    mainThreadCpuMs: threadTimeMs(tasks),
    blockingCpuMs: blockingCpuMs(tasks, timings.firstContentfulPaint, slowdown),
  };
}

/** The mainthread-work-breakdown table's rows: each group's label and milliseconds, largest first. */
export function mainThreadGroups(details: Details): { group: string; ms: number }[] {
  return (detailItems(details) as { groupLabel?: unknown; duration?: unknown }[])
    .filter((item) => typeof item.groupLabel === 'string' && typeof item.duration === 'number')
    .map((item) => ({ group: item.groupLabel as string, ms: Math.round(item.duration as number) }))
    .sort((a, b) => b.ms - a.ms);
}

/** The failed checks of a checklist, the longest request chain of a network tree, or the URL / element (selector and snippet) of the first table rows, nested lists included. */
export function pointsAt(details: Details, limit = 3): string[] {
  if (!details) return [];
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (found.length >= limit || !value || typeof value !== 'object') return;
    const item = value as Record<string, unknown>;
    if (item.type === 'checklist' && item.items && typeof item.items === 'object') {
      for (const check of Object.values(item.items as Record<string, { label: string; value: boolean }>))
        if (!check.value) found.push(check.label);
      return;
    }
    if (item.type === 'network-tree' && item.chains && typeof item.chains === 'object') {
      // The longest request chain, one request after the other.
      type Chain = { url: string; navStartToEndTime: number; isLongest?: boolean; children: Record<string, Chain> };
      let level = item.chains as Record<string, Chain>;
      const links: string[] = [];
      for (
        let next = Object.values(level).find((c) => c.isLongest);
        next;
        next = Object.values(level).find((c) => c.isLongest)
      ) {
        links.push(`${next.url} (${Math.round(next.navStartToEndTime)} ms)`);
        level = next.children;
      }
      if (links.length) found.push(`longest chain: ${links.join(' -> ')}`);
      return;
    }
    if (item.type === 'node') {
      found.push(`${item.selector ?? item.nodeLabel}  ${String(item.snippet ?? '').slice(0, 160)}`);
      return;
    }
    if (Array.isArray(item.items)) {
      for (const row of item.items) visit(row);
      return;
    }
    if (typeof item.url === 'string') {
      found.push(item.url);
      return;
    }
    for (const key of ['node', 'value', 'source'])
      if (item[key] && typeof item[key] === 'object') {
        visit(item[key]);
        return;
      }
  };
  visit(details);
  return found.slice(0, limit);
}
