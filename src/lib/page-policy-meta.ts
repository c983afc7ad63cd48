// Astro writes each page's Content-Security-Policy into a <meta> in its head (security.csp in
// astro.config.mjs). The build trims its hashes (src/build/page-policy.ts) and the site's server
// reads it back for the header (src/server/site/headers.ts): both find it with this pattern.

/** A page's policy <meta>; its content is the first group. */
export const POLICY_META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;
