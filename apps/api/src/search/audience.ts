/**
 * Whom a product is for, as the search reads it (issue 11 §6; core `AUDIENCE_WORDS`): "mens
 * running shoes" finds the running shoes that name no gender, as a shopper means it, not nothing
 * because no running shoe's title says "men's".
 *
 * The snapshot gives each product whose title, brand and category words name no gender a marker
 * lexeme of its audience ({@link AUDIENCE_MARKERS}: children's when it is filed under Baby & Kids
 * or its words name a child, adults' otherwise); a query's men's or women's word then matches its
 * own lexeme or the adults' marker, a boys' or girls' word its own or the children's marker
 * ({@link withAudience}). A product that names the other gender matches neither, nor does a
 * child's product an adult's word. An adult's product whose words name no gender but whose
 * merchant states one (GMC `gender` female or male) gets the lexeme of "women" or "men" instead
 * of the adults' marker: a women's tote is found by "womens bags", never by "mens bags". A query
 * of audience words alone ("mens") keeps to the products that say so, or whose merchant does: the
 * marker is added only beside another word.
 */
import { AUDIENCE_WORDS, BABY_KIDS_CODE, audienceOfQueryWord, type QueryAudience } from '@b-deals/core';
import type { Queryable } from '@b-deals/db';
import type { Term } from './match.ts';
import { CLASS_INDEX } from './tsvector.ts';
import { analysed } from './vocabulary.ts';

/**
 * Marker lexemes of the products naming no gender, by audience. They start with U+0000, which no
 * analysed word holds, so no query word can find them but through {@link withAudience}.
 */
export const AUDIENCE_MARKERS: Readonly<Record<QueryAudience, string>> = { adult: '\u0000adult', child: '\u0000child' };

/** Occurrence weight of a marker: PostgreSQL's D weight, below any word the product itself writes (A 1.0 … D 0.1). */
export const AUDIENCE_MARKER_WEIGHT = 0.1;

/** The analyser's lexemes of core `AUDIENCE_WORDS`, by list, and of "women" and "men" (what a women's or men's query word reads as). */
export interface AudienceLexemes {
  gender: ReadonlySet<string>;
  child: ReadonlySet<string>;
  unisex: ReadonlySet<string>;
  /** Lexeme of "women" (GMC `gender` female), of "men" (male); null if the analyser drops the word. */
  female: string | null;
  male: string | null;
}

/** Analyses core `AUDIENCE_WORDS` with the search analyser (one query). Errors: the database's. */
export async function audienceLexemes(db: Queryable): Promise<AudienceLexemes> {
  const words = [...new Set([...Object.values(AUDIENCE_WORDS).flat(), 'women', 'men'])];
  const res = await db.query<{ w: string; lexemes: string[] }>(`SELECT w, tsvector_to_array(${analysed('w')}) AS lexemes FROM unnest($1::text[]) AS x(w)`, [
    words,
  ]);
  const of = new Map(res.rows.map((r) => [r.w, r.lexemes]));
  const stem = (list: readonly string[]) => new Set(list.flatMap((w) => of.get(w) ?? []));
  return {
    gender: stem(AUDIENCE_WORDS.gender),
    child: stem(AUDIENCE_WORDS.child),
    unisex: stem(AUDIENCE_WORDS.unisex),
    female: of.get('women')?.[0] ?? null,
    male: of.get('men')?.[0] ?? null,
  };
}

/**
 * The audience lexeme to add to a product whose words name no gender, or null when they name one.
 * `entries` are its search vector's occurrences (tsvector.ts `tsvectorOccurrences`: only the
 * strong ones, title, brand and category words, count); `categoryCode` its code in the core tree
 * (`g…` is Baby & Kids); `gender` the GMC `gender` its merchant states (the first offer's, as
 * filing reads it). A product that also says "unisex" names no gender. A child's product gets the
 * children's marker; an adult's product its merchant says is female or male gets the lexeme of
 * "women" or "men" (a women's handbag whose title says no gender is found by "womens bags", never
 * by "mens bags"); any other the adults' marker ({@link AUDIENCE_MARKERS}). `eitherGender`: the
 * product is listed under both genders' leaf of its kind (snapshot `codeAlso`, decision 0026), so
 * the gender its category words name (the one leaf it is filed in) is not whom it is for: only its
 * title and brand (`occurrences`, tsvector classes A and B) can name one.
 */
export function audienceMarker(
  entries: ReadonlyArray<readonly [lexeme: string, weight: number, strong: boolean, occurrences?: readonly number[]]>,
  categoryCode: string,
  lex: AudienceLexemes,
  gender: 'male' | 'female' | 'unisex' | null = null,
  eitherGender = false,
): string | null {
  let named = false;
  let unisex = false;
  let child = categoryCode.startsWith(BABY_KIDS_CODE);
  const ownWords = (occ: readonly number[] | undefined) => occ?.some((o) => (o & 3) === CLASS_INDEX.A || (o & 3) === CLASS_INDEX.B) ?? true;
  for (const [lexeme, , strong, occ] of entries) {
    if (!strong) continue;
    if (lex.gender.has(lexeme) && (!eitherGender || ownWords(occ))) named = true;
    if (lex.unisex.has(lexeme)) unisex = true;
    if (lex.child.has(lexeme)) child = true;
  }
  if (named && !unisex) return null;
  if (child) return AUDIENCE_MARKERS.child;
  if (!unisex && gender === 'female' && lex.female) return lex.female;
  if (!unisex && gender === 'male' && lex.male) return lex.male;
  return AUDIENCE_MARKERS.adult;
}

/**
 * A query's terms with the audience markers added: the term of each men's or women's word (core
 * `audienceOfQueryWord`) also matches the adults' marker, of each boys' or girls' word the
 * children's, when the query has another word that yields a term. `words` are the query words
 * and `termsOf` the terms each yields (one list per word, in order); returns the flattened terms.
 */
export function withAudience(words: readonly string[], termsOf: readonly Term[][]): Term[] {
  const audiences = words.map((w) => audienceOfQueryWord(w));
  const other = termsOf.some((t, i) => t.length > 0 && audiences[i] === null);
  if (!other) return termsOf.flat();
  return termsOf.flatMap((terms, i) => {
    const audience = audiences[i];
    if (!audience || terms.length !== 1) return terms;
    return [{ ...terms[0]!, lexemes: [...terms[0]!.lexemes, AUDIENCE_MARKERS[audience]] }];
  });
}
