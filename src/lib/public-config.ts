// Where the browser reaches the three services (DECISIONS.md "APIs"). Read at build time from the
// PUBLIC_* variables, so a build can point its islands at another deployment of the API.
const base = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');

export const PUBLIC_API_URL = base(import.meta.env?.PUBLIC_API_URL, '/api');
export const PUBLIC_INSIGHT_URL = base(import.meta.env?.PUBLIC_INSIGHT_URL, '/insight');
export const PUBLIC_DEMO_API_URL = base(import.meta.env?.PUBLIC_DEMO_API_URL, '/demo');
