/** A URL slug: the name in lower case, every run of non-alphanumeric characters one '-' (DECISIONS.md). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
