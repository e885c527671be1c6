/**
 * Literal text inside LIKE / ILIKE patterns (PostgreSQL §9.7.1): `%`, `_` and the escape character
 * itself are escaped with a backslash, so a search for "100%" or "a_b" matches those characters and
 * not "anything". Every pattern built with these must say `ESCAPE '\'` (API robustness report M4).
 */

/** `text` escaped for a LIKE pattern: `\` → `\\`, `%` → `\%`, `_` → `\_`. Use with `ESCAPE '\'`. */
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');

/**
 * The SQL of {@link likeLiteral} applied to the SQL expression `expr` (e.g. a column), for patterns
 * built from stored values: `replace(replace(replace(expr, '\', '\\'), '%', '\%'), '_', '\_')`.
 * Needs `standard_conforming_strings` on (PostgreSQL's default since 9.1). Use with `ESCAPE '\'`.
 */
export const likeLiteralSql = (expr: string): string => `replace(replace(replace(${expr}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
