// Load shedding for the three API services: past what the server can answer in time, requests
// would queue without bound and every caller would wait seconds. A quick 503 with Retry-After
// instead keeps the accepted ones fast, and tells a load balancer to send traffic elsewhere.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { API_MESSAGES } from '../../contract/api-messages.ts';
import { errorBody } from '../errors.ts';

export interface LoadSheddingOptions {
  /** API requests in flight (started, not yet answered) at which more are refused; 0 turns the check off. */
  maxInFlight: number;
  /** Mean event loop delay in ms over the last second above which requests are refused; 0 turns the check off. */
  maxEventLoopDelayMs: number;
}

const RETRY_AFTER_SECONDS = 2;
export const BUSY_MESSAGE = API_MESSAGES.busy;
/** How often the monitor samples the loop, in ms; each sample includes this interval itself. */
const RESOLUTION_MS = 10;
const WINDOW_MS = 1000;

interface EventLoopDelayMonitor {
  /** The mean delay in ms over the last complete window. */
  delayMs(): number;
  stop(): void;
}

function monitorEventLoop(windowMs = WINDOW_MS): EventLoopDelayMonitor {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let lastMs = 0;
  // The mean over a whole window, not the worst sample: one long pause (a GC, a slow start-up
  // step) is not overload, a loop that is late all the time is. An idle loop reads RESOLUTION_MS.
  const timer = setInterval(() => {
    lastMs = histogram.count === 0 ? 0 : Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS);
    histogram.reset();
  }, windowMs);
  timer.unref(); // never keeps the process alive
  return {
    delayMs: () => lastMs,
    stop: () => {
      clearInterval(timer);
      histogram.disable();
    },
  };
}

export type LoadShedding = MiddlewareHandler & {
  /** API requests started and not yet answered. */
  inFlight(): number;
  /** Stops the event loop monitor (tests); the middleware then checks the in-flight limit only. */
  stop(): void;
};

/** One instance for all three services, so they share one in-flight count. */
export function loadShedding({ maxInFlight, maxEventLoopDelayMs }: LoadSheddingOptions): LoadShedding {
  let monitor = maxEventLoopDelayMs > 0 ? monitorEventLoop() : undefined;
  let inFlight = 0;
  const middleware: MiddlewareHandler = async (c, next) => {
    const busy =
      (maxInFlight > 0 && inFlight >= maxInFlight) ||
      (monitor !== undefined && monitor.delayMs() > maxEventLoopDelayMs);
    if (busy) {
      c.header('retry-after', String(RETRY_AFTER_SECONDS));
      return c.json(errorBody(503, BUSY_MESSAGE, 'busy'), 503);
    }
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--; // however the request ends, errors included
    }
  };
  return Object.assign(middleware, {
    inFlight: () => inFlight,
    stop: () => {
      monitor?.stop();
      monitor = undefined;
    },
  });
}
