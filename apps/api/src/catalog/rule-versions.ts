/**
 * Versions of the rules behind derived catalogue data (`rule_versions`): a start-up refresh
 * (category words, search vectors, category filing, product names) compares the version it last
 * applied with the current rule's and rewrites the catalogue only when they differ.
 */
import type { Queryable } from '@b-deals/db';

/** The version of a derived-data rule last applied to this catalogue (`rule_versions`); null when none was recorded. */
export async function appliedRuleVersion(db: Queryable, name: string): Promise<number | null> {
  const applied = await db.query<{ version: number }>(`SELECT version FROM rule_versions WHERE name = $1`, [name]);
  return applied.rows[0]?.version ?? null;
}

/** Records that the catalogue's derived data is written under `version` of the rule `name` (`rule_versions`). */
export async function recordRuleVersion(db: Queryable, name: string, version: number): Promise<void> {
  await db.query(
    `INSERT INTO rule_versions (name, version) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, applied_at = now()`,
    [name, version],
  );
}
