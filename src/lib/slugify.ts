/** A URL slug: the name in lower case, every run of non-alphanumeric characters one '-' (DECISIONS.md). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The slugs a merchant's page may take, in order: its name's, then with --{id} (slugify never
 * writes '--', so that one is this merchant's alone). A name without letters or digits: merchant--{id}.
 */
export function merchantSlugChoices(name: string, merchantId: number): string[] {
  const base = slugify(name);
  return base ? [base, `${base}--${merchantId}`] : [`merchant--${merchantId}`];
}
