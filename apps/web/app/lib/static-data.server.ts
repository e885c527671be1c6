/**
 * Shared static data of every page (spec §7 "Static page data"): the data the layout's header and
 * footer show, which does not change between pages or shoppers and changes only with a new build.
 *
 * - A static query is one named piece of that data, addressed by the hash of its content:
 *   `GET /page-data/sq/d/{hash}.json` answers `{ data }` (content-addressed, so cacheable forever).
 * - A slice is a region of the layout (`header`, `footer`): `GET /slice-data/{name}.json` answers
 *   `{ name, result: { data }, staticQueryHashes }`, its data being the union of its queries'.
 * - Every page's `/page-data/{path}/page-data.json` lists the hashes of the layout's queries
 *   (`staticQueryHashes`) and its slices (`slicesMap`).
 *
 * The web server reads this through the server build's entry (entry.server.tsx exports
 * `staticData`), so it is built with the pages and versioned by the same build hash. No shopper's
 * data is ever here. Decision 0019.
 */
import { createHash } from 'node:crypto';
import { DEPARTMENT_LINKS } from './departments.server';
import { POLICY, SOCIAL, SUPPORT } from './footer-links';
import { NAV_LINKS } from './nav';

/** One static query: its content hash (16 hex digits of SHA-256 over its JSON) and its data. */
export interface StaticQuery {
  hash: string;
  data: Record<string, unknown>;
}

/** A layout region's data: the names of the static queries it is made of. */
export interface Slice {
  queries: readonly string[];
}

/** What the server build hands the web server (server/page-data.ts). */
export interface StaticData {
  /** Static queries by name (`departments`, `navigation`, `footer`). */
  queries: Readonly<Record<string, StaticQuery>>;
  /** Slices by name (`header`, `footer`). */
  slices: Readonly<Record<string, Slice>>;
}

function query(data: Record<string, unknown>): StaticQuery {
  return { hash: createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 16), data };
}

const links = (pairs: ReadonlyArray<readonly [string, string]>) => pairs.map(([label, href]) => ({ label, href }));

/** The layout's static data (see the module comment). */
export const STATIC_DATA: StaticData = {
  queries: {
    departments: query({ departments: DEPARTMENT_LINKS }),
    navigation: query({ links: NAV_LINKS }),
    footer: query({ support: links(SUPPORT), policy: links(POLICY), social: links(SOCIAL) }),
  },
  slices: {
    header: { queries: ['navigation', 'departments'] },
    footer: { queries: ['footer'] },
  },
};
