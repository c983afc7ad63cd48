/**
 * Load shedding on event-loop delay turned off, for the servers the tests start: on a busy two-core
 * machine the test's own process lags, and shedding would answer their requests 503. It has tests
 * of its own (tests/api/load-shedding.test.ts).
 */
export const NO_DELAY_SHEDDING = { API_MAX_EVENT_LOOP_DELAY_MS: '0' } as const;
