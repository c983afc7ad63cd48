// bench:site's and bench:compare's CPU slowdown: the host's benchmark index over the phone's 500,
// from 1 to 10, each run's own (issue 48).
import { describe, expect, it } from 'vitest';
import type { auditFlowArtifacts, Result, RunnerResult } from 'lighthouse';
import {
  auditedAtOwnIndex,
  BLOCKING_THRESHOLD_MS,
  blockingCpuMs,
  indexSwing,
  INDEX_SWING_RATIO,
  CpuCalibration,
  calibratedSlowdown,
  lighthouseFlags,
  lighthouseInOwnChromium,
  runFailure,
  TRACE_ATTEMPTS,
  UnreadTraceError,
  mainThreadGroups,
  threadTimeMs,
  unthrottledLcp,
  type LighthouseRun,
} from '../../scripts/bench/lighthouse.ts';

describe('calibratedSlowdown', () => {
  it.each([
    [2_000, 4],
    [2_944, 5.9],
    [3_328, 6.7],
    [1_150, 2.3],
    [500, 1],
    [320, 1],
    [7_500, 10],
  ])('slows a host of index %d by %d×', (index, slowdown) => {
    expect(calibratedSlowdown(index)).toBe(slowdown);
  });
});

describe('lighthouseFlags', () => {
  it("opens the page from a data: URL, so that it does not share the benchmark's renderer, at the slowdown given", () => {
    const flags = lighthouseFlags(9222, 5.9);
    expect(flags.blankPage).toMatch(/^data:/);
    expect(flags).toMatchObject({ port: 9222, throttling: { cpuSlowdownMultiplier: 5.9 } });
    expect(lighthouseFlags(9222)).not.toHaveProperty('throttling');
  });
});

describe('runFailure', () => {
  const figures = {
    'mainthread-work-breakdown': { numericValue: 1_200 },
    'total-blocking-time': { numericValue: 30 },
    'largest-contentful-paint': { numericValue: 1_100 },
  };
  const lhr = (fields: object) => ({ audits: figures, ...fields }) as never;

  it('is none for a run with its figures', () => {
    expect(runFailure('http://x/', lhr({}))).toBeUndefined();
  });

  it('asks for the run again when the trace was not recorded, or a figure could not be read from it', () => {
    const noNavstart = runFailure('http://x/', lhr({ runtimeError: { code: 'NO_NAVSTART', message: 'trace' } }));
    expect(noNavstart).toBeInstanceOf(UnreadTraceError);
    expect(noNavstart?.message).toContain('NO_NAVSTART');
    const noFigure = runFailure(
      'http://x/',
      lhr({ audits: { ...figures, 'total-blocking-time': { errorMessage: 'NO_NAVSTART' } } }),
    );
    expect(noFigure).toBeInstanceOf(UnreadTraceError);
    expect(noFigure?.message).toContain('total-blocking-time');
  });

  it('fails for good on any other runtime error', () => {
    const hung = runFailure('http://x/', lhr({ runtimeError: { code: 'PAGE_HUNG', message: 'hung' } }));
    expect(hung).toBeInstanceOf(Error);
    expect(hung).not.toBeInstanceOf(UnreadTraceError);
  });
});

describe('lighthouseInOwnChromium', () => {
  const browsers = () => {
    const started = { count: 0, closed: 0 };
    const launch = async () => {
      started.count++;
      return { port: 9000 + started.count, close: async () => void started.closed++ };
    };
    return { started, launch };
  };
  const run = { mainThreadMs: 1_200 } as LighthouseRun;

  it('runs again, in a new Chromium, a run whose trace could not be read', async () => {
    const { started, launch } = browsers();
    const ports: number[] = [];
    const runOnce = async (_url: string, port: number) => {
      ports.push(port);
      if (ports.length < TRACE_ATTEMPTS) throw new UnreadTraceError('NO_NAVSTART');
      return run;
    };
    expect(await lighthouseInOwnChromium('http://x/', 4, { runOnce, launch })).toBe(run);
    expect(ports).toEqual([9001, 9002, 9003]);
    expect(started).toEqual({ count: 3, closed: 3 });
  });

  it('gives up after TRACE_ATTEMPTS, and never retries any other failure', async () => {
    const { started, launch } = browsers();
    const unread = async () => {
      throw new UnreadTraceError('NO_NAVSTART');
    };
    await expect(lighthouseInOwnChromium('http://x/', 4, { runOnce: unread, launch })).rejects.toThrow('NO_NAVSTART');
    expect(started.count).toBe(TRACE_ATTEMPTS);
    const other = browsers();
    const broken = async () => {
      throw new Error('PAGE_HUNG');
    };
    await expect(lighthouseInOwnChromium('http://x/', 4, { runOnce: broken, launch: other.launch })).rejects.toThrow(
      'PAGE_HUNG',
    );
    expect(other.started).toEqual({ count: 1, closed: 1 });
  });
});

describe('mainThreadGroups', () => {
  it("reads the mainthread-work-breakdown table's groups, largest first, and skips rows it cannot read", () => {
    const details = {
      type: 'table',
      headings: [],
      items: [
        { group: 'styleLayout', groupLabel: 'Style & Layout', duration: 490.4 },
        { group: 'other', groupLabel: 'Other', duration: 1_930.6 },
        { group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 294 },
        { group: 'broken', duration: 12 },
      ],
    };
    expect(mainThreadGroups(details as never)).toEqual([
      { group: 'Other', ms: 1_931 },
      { group: 'Style & Layout', ms: 490 },
      { group: 'Script Evaluation', ms: 294 },
    ]);
    expect(mainThreadGroups(undefined)).toEqual([]);
  });
});

describe('threadTimeMs', () => {
  it("sums the top-level tasks' thread time, not their wall time or their children's, in ms", () => {
    const top = { event: { name: 'RunTask', dur: 9_000, tdur: 3_400 } };
    const child = { event: { name: 'Layout', dur: 6_000, tdur: 2_000 }, parent: top };
    const withoutThreadTime = { event: { name: 'RunTask', dur: 500 } };
    expect(threadTimeMs([top, child, { event: { tdur: 1_250 } }, withoutThreadTime])).toBe(5);
    expect(threadTimeMs([])).toBe(0);
  });
});

describe('blockingCpuMs', () => {
  // Tasks in ms from the navigation; thread time (tdur) in microseconds. First contentful paint at 100 ms.
  const task = (startTime: number, endTime: number, tdur: number) => ({ startTime, endTime, event: { tdur } });

  it('counts what each task after the first paint takes over 50 ms at the slowdown, by its CPU time, not its wall time', () => {
    // 20 ms of CPU at 4× is 80 ms: 30 over; its 60 ms of wall time do not count.
    expect(blockingCpuMs([task(200, 260, 20_000)], 100, 4)).toBe(80 - BLOCKING_THRESHOLD_MS);
    // 10 ms at 4× is 40 ms: under the threshold, however long it waited.
    expect(blockingCpuMs([task(300, 400, 10_000)], 100, 4)).toBe(0);
    expect(blockingCpuMs([task(200, 260, 20_000), task(300, 330, 25_000)], 100, 4)).toBe(30 + 50);
  });

  it('leaves out tasks before the first paint and nested tasks, and counts the share after it of one that straddles it', () => {
    const top = task(150, 200, 30_000);
    const child = { ...task(160, 190, 25_000), parent: top };
    expect(blockingCpuMs([task(0, 90, 40_000), top, child], 100, 4)).toBe(120 - BLOCKING_THRESHOLD_MS);
    // Half its wall time after the paint: half its 40 ms of CPU, 80 ms at 4×.
    expect(blockingCpuMs([task(60, 140, 40_000)], 100, 4)).toBe(80 - BLOCKING_THRESHOLD_MS);
    expect(blockingCpuMs([], 100, 4)).toBe(0);
  });
});

describe('unthrottledLcp', () => {
  it("reads the metrics audit's observed largest paint, rounded, and 0 where it has none", () => {
    const metrics = (observed: unknown) => ({
      type: 'debugdata',
      items: [{ observedLargestContentfulPaint: observed }],
    });
    expect(unthrottledLcp(metrics(523.6) as never)).toBe(524);
    expect(unthrottledLcp(metrics(undefined) as never)).toBe(0);
    expect(unthrottledLcp({ type: 'debugdata', items: [] } as never)).toBe(0);
    expect(unthrottledLcp(undefined)).toBe(0);
  });
});

describe('auditedAtOwnIndex', () => {
  /** A run gathered at `given`× that measured `index`, and a stand-in for Lighthouse's audit that records what it was asked. */
  const gathered = (given: number, index: number) => {
    const settings = { formFactor: 'mobile', throttling: { rttMs: 150, cpuSlowdownMultiplier: given } };
    const lhr = {
      finalDisplayedUrl: 'http://home/',
      environment: { benchmarkIndex: index },
      configSettings: settings,
    } as unknown as Result;
    const artifacts = { Trace: { traceEvents: [] }, settings } as unknown as RunnerResult['artifacts'];
    const asked: Parameters<typeof auditFlowArtifacts>[0][] = [];
    const audit = (async (flow: Parameters<typeof auditFlowArtifacts>[0]) => {
      asked.push(flow);
      return { steps: [{ lhr: { audited: 'again' } }] };
    }) as unknown as typeof auditFlowArtifacts;
    return { lhr, artifacts, asked, audit };
  };

  it("audits the same artifacts again at the slowdown the run's own index calls for, nothing else changed", async () => {
    // Slowed by the run before's index (2,900: 5.8×); this run measured 2,000: 4×.
    const { lhr, artifacts, asked, audit } = gathered(5.8, 2_000);
    expect(await auditedAtOwnIndex({ lhr, artifacts }, 9222, audit)).toEqual({ audited: 'again' });
    expect(asked).toHaveLength(1);
    const [step] = asked[0]!.gatherSteps;
    expect(step!.flags).toEqual(lighthouseFlags(9222, 4));
    expect(step!.artifacts.Trace).toBe(artifacts.Trace);
    expect(step!.artifacts.settings).toEqual({
      formFactor: 'mobile',
      throttling: { rttMs: 150, cpuSlowdownMultiplier: 4 },
    });
  });

  it('keeps the report of a run whose own index calls for the slowdown it was given, or that measured none', async () => {
    for (const [given, index] of [
      [4, 2_000],
      [4, 0],
    ] as const) {
      const { lhr, artifacts, asked, audit } = gathered(given, index);
      expect(await auditedAtOwnIndex({ lhr, artifacts }, 9222, audit)).toBe(lhr);
      expect(asked).toEqual([]);
    }
  });
});

describe('CpuCalibration', () => {
  /** A stand-in for a Lighthouse run: records its URL and slowdown, and measures the next index of `indexes`. */
  const fakeRuns = (indexes: number[]) => {
    const calls: { url: string; cpuSlowdown?: number }[] = [];
    const runOne = async (url: string, cpuSlowdown?: number) => {
      calls.push({ url, cpuSlowdown });
      return { benchmarkIndex: indexes.shift() ?? 0, cpuSlowdown: cpuSlowdown ?? 4 } as LighthouseRun;
    };
    return { calls, runOne };
  };

  it('measures the host on the calibration page first, then slows each run by the index of the run before', async () => {
    const { calls, runOne } = fakeRuns([2_000, 3_000, 1_500, 2_500]);
    const calibration = new CpuCalibration('http://control', runOne);
    await calibration.run('http://home');
    await calibration.run('http://offer');
    expect(await calibration.remeasure()).toEqual({ benchmarkIndex: 2_500, slowdown: 5 });
    expect(calls).toEqual([
      { url: 'http://control', cpuSlowdown: undefined },
      { url: 'http://home', cpuSlowdown: 4 },
      { url: 'http://offer', cpuSlowdown: 6 },
      { url: 'http://control', cpuSlowdown: 3 },
    ]);
  });

  it('refuses a run that measured no index rather than guess the slowdown', async () => {
    const { runOne } = fakeRuns([0]);
    await expect(new CpuCalibration('http://control', runOne).run('http://home')).rejects.toThrow(
      'measured no CPU benchmark index',
    );
  });
});

describe('indexSwing', () => {
  const run = (benchmarkIndex: number) => ({ benchmarkIndex, cpuSlowdown: calibratedSlowdown(benchmarkIndex) });

  it("says the machine's speed swung when its highest index is over INDEX_SWING_RATIO times its lowest, with both and their slowdowns", () => {
    const text = indexSwing([run(1863), run(1128), run(2160), run(1500)]);
    expect(2160 / 1128).toBeGreaterThan(INDEX_SWING_RATIO);
    expect(text).toMatch(/^The machine's speed swung during these runs/);
    expect(text).toContain('from 1128 to 2160 (1.91×, slowdown 2.3× to 4.3×) over 4 runs');
  });

  it('says it held when the indexes stay within the ratio, and skips runs without an index', () => {
    const text = indexSwing([run(2800), { benchmarkIndex: 0, cpuSlowdown: 4 }, run(3000)]);
    expect(text).toBe(
      "The machine's speed held during these runs: its benchmark index went from 2800 to 3000 (1.07×, slowdown 5.6× to 6.0×) over 2 runs.",
    );
    expect(indexSwing([{ benchmarkIndex: 0, cpuSlowdown: 4 }])).toBe('No run measured a benchmark index.');
  });
});
