/**
 * Small display rules of spec §4/§5 used by the chrome and the listing: label text of a filter
 * selection, number-input clamping, A–Z grouping and dates.
 */

/**
 * Label text of a selection (spec §2.4 search filters): up to 3 terms joined with ' & ', then
 * ' and more' when more were given; '' for none. `['A','B','C','D']` → 'A & B & C and more'.
 */
export function labelText(terms: readonly string[]): string {
  const shown = terms.slice(0, 3).join(' & ');
  return terms.length > 3 ? `${shown} and more` : shown;
}

/**
 * Clamps a number input's value on blur (spec §5): '' stays '' (no bound set); a value that is
 * not a number becomes ''; otherwise it is clamped to [min, max] (either bound optional).
 */
export function clampInput(value: string, min?: number, max?: number): string {
  if (value.trim() === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  let v = n;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return String(v);
}

/**
 * A–Z grouping of an index (brands, merchants): groups keyed by the upper-case first letter of
 * `name` (accents folded: 'É' → 'E'), names not starting with a letter under '#', which comes
 * last; groups and their items sorted by name (en-US collation).
 */
export function groupAZ<T>(items: readonly T[], name: (item: T) => string): Array<{ letter: string; items: T[] }> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const first = name(item)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .charAt(0)
      .toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), item]);
  }
  const collator = new Intl.Collator('en-US', { sensitivity: 'base' });
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, list]) => ({
      letter,
      items: list.sort((a, b) => collator.compare(name(a), name(b))),
    }));
}

/** 'November 1, 2026' for an ISO date or instant, read in UTC (so server and client agree). */
export function longDate(iso: string): string {
  return new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
