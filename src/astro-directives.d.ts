// The site's own client directive, for the type checking of .astro pages (src/islands/intent-directive.ts).
import type { IntentDirectiveOptions } from './islands/intent-directive.ts';

declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:intent'?: IntentDirectiveOptions | boolean;
    }
  }
}
export {};
