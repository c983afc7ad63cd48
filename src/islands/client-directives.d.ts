// The site's own client directive, for the type checking of .astro pages (intent-directive.ts).
import type { IntentDirectiveOptions } from './intent-directive.ts';

declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:intent'?: IntentDirectiveOptions | boolean;
    }
  }
}
export {};
