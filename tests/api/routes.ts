// The app's routes, enumerated from the app itself, for the suites that sweep every route
// (hostile.test.ts, fuzz.test.ts): a route added later is swept too.
import { createApp } from '../../src/server/app.ts';
import type { ServerDeps } from '../../src/server/context.ts';
import { createConsoleMailProvider } from '../../src/server/services/mail.ts';
import { createConsoleSmsProvider } from '../../src/server/services/sms.ts';

export type Route = { method: string; path: string };

/** Method and path of every route, as the app registers them (middleware entries and repeats left out). */
export function routesOf(deps: ServerDeps): Route[] {
  const seen = new Map<string, Route>();
  for (const { method, path } of createApp(deps).routes) {
    if (method === 'ALL' || path.endsWith('*')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/**
 * The routes of an app whose routes do not touch their deps until called, so the table can be
 * built when a test file is collected; each suite checks that the real app has the same routes.
 */
export const ROUTES = routesOf({
  sms: createConsoleSmsProvider(() => {}),
  mail: { provider: createConsoleMailProvider(() => {}), siteUrl: '', apiUrl: '' },
} as unknown as ServerDeps);

/** Names of a route path's parameters, e.g. ['pageNo', 'pageSize']. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]!);

/** The path with every parameter replaced by `value` (a function gets the parameter's name). */
export const fillPath = (path: string, value: string | ((name: string) => string)) =>
  path.replace(/:([A-Za-z_]\w*)(\{[^}]*\})?\??/g, (_, name: string) =>
    typeof value === 'string' ? value : value(name),
  );
