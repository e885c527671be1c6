/**
 * US states, the District of Columbia, territories and military "states" for checkout addresses
 * (issue 15 §2; spec §7 `GET /api/v1/basic-data/world-areas/US`): USPS two-letter codes, the
 * three-digit ZIP prefixes each uses (USPS ZIP code prefix assignments), and the state-level
 * sales-tax rate in basis points (1 bp = 0.01 %), which the checkout shows as an estimate: local
 * rates, exemptions (e.g. clothing in some states) and taxability of shipping are not modelled.
 */

export type UsAreaType = 'state' | 'district' | 'territory' | 'military';

export interface UsArea {
  /** USPS code, e.g. "CA". */
  code: string;
  name: string;
  type: UsAreaType;
  /** Inclusive ranges of the first three ZIP digits. */
  zipPrefixes: ReadonlyArray<readonly [number, number]>;
  /** State-level sales tax, basis points. */
  taxRateBp: number;
}

const a = (code: string, name: string, type: UsAreaType, taxRateBp: number, ...zipPrefixes: Array<[number, number]>): UsArea => ({
  code,
  name,
  type,
  zipPrefixes,
  taxRateBp,
});

/** Every area, by name within type (states and DC first, then territories, then military). */
export const US_AREAS: readonly UsArea[] = [
  a('AL', 'Alabama', 'state', 400, [350, 369]),
  a('AK', 'Alaska', 'state', 0, [995, 999]),
  a('AZ', 'Arizona', 'state', 560, [850, 865]),
  a('AR', 'Arkansas', 'state', 650, [716, 729]),
  a('CA', 'California', 'state', 725, [900, 961]),
  a('CO', 'Colorado', 'state', 290, [800, 816]),
  a('CT', 'Connecticut', 'state', 635, [60, 69]),
  a('DE', 'Delaware', 'state', 0, [197, 199]),
  a('DC', 'District of Columbia', 'district', 600, [200, 200], [202, 205], [569, 569]),
  a('FL', 'Florida', 'state', 600, [320, 339], [341, 349]),
  a('GA', 'Georgia', 'state', 400, [300, 319], [398, 399]),
  a('HI', 'Hawaii', 'state', 400, [967, 968]),
  a('ID', 'Idaho', 'state', 600, [832, 838]),
  a('IL', 'Illinois', 'state', 625, [600, 629]),
  a('IN', 'Indiana', 'state', 700, [460, 479]),
  a('IA', 'Iowa', 'state', 600, [500, 528]),
  a('KS', 'Kansas', 'state', 650, [660, 679]),
  a('KY', 'Kentucky', 'state', 600, [400, 427]),
  a('LA', 'Louisiana', 'state', 500, [700, 714]),
  a('ME', 'Maine', 'state', 550, [39, 49]),
  a('MD', 'Maryland', 'state', 600, [206, 219]),
  a('MA', 'Massachusetts', 'state', 625, [10, 27], [55, 55]),
  a('MI', 'Michigan', 'state', 600, [480, 499]),
  a('MN', 'Minnesota', 'state', 688, [550, 567]),
  a('MS', 'Mississippi', 'state', 700, [386, 397]),
  a('MO', 'Missouri', 'state', 423, [630, 658]),
  a('MT', 'Montana', 'state', 0, [590, 599]),
  a('NE', 'Nebraska', 'state', 550, [680, 693]),
  a('NV', 'Nevada', 'state', 685, [889, 898]),
  a('NH', 'New Hampshire', 'state', 0, [30, 38]),
  a('NJ', 'New Jersey', 'state', 663, [70, 89]),
  a('NM', 'New Mexico', 'state', 488, [870, 884]),
  a('NY', 'New York', 'state', 400, [5, 5], [63, 63], [100, 149]),
  a('NC', 'North Carolina', 'state', 475, [270, 289]),
  a('ND', 'North Dakota', 'state', 500, [580, 588]),
  a('OH', 'Ohio', 'state', 575, [430, 459]),
  a('OK', 'Oklahoma', 'state', 450, [730, 731], [734, 749]),
  a('OR', 'Oregon', 'state', 0, [970, 979]),
  a('PA', 'Pennsylvania', 'state', 600, [150, 196]),
  a('RI', 'Rhode Island', 'state', 700, [28, 29]),
  a('SC', 'South Carolina', 'state', 600, [290, 299]),
  a('SD', 'South Dakota', 'state', 420, [570, 577]),
  a('TN', 'Tennessee', 'state', 700, [370, 385]),
  a('TX', 'Texas', 'state', 625, [733, 733], [750, 799], [885, 885]),
  a('UT', 'Utah', 'state', 610, [840, 847]),
  a('VT', 'Vermont', 'state', 600, [50, 54], [56, 59]),
  a('VA', 'Virginia', 'state', 530, [201, 201], [220, 246]),
  a('WA', 'Washington', 'state', 650, [980, 994]),
  a('WV', 'West Virginia', 'state', 600, [247, 268]),
  a('WI', 'Wisconsin', 'state', 500, [530, 549]),
  a('WY', 'Wyoming', 'state', 400, [820, 831]),
  a('AS', 'American Samoa', 'territory', 0, [967, 967]),
  a('GU', 'Guam', 'territory', 0, [969, 969]),
  a('MP', 'Northern Mariana Islands', 'territory', 0, [969, 969]),
  a('PR', 'Puerto Rico', 'territory', 1050, [6, 7], [9, 9]),
  a('VI', 'U.S. Virgin Islands', 'territory', 0, [8, 8]),
  a('AA', 'Armed Forces Americas', 'military', 0, [340, 340]),
  a('AE', 'Armed Forces Europe', 'military', 0, [90, 98]),
  a('AP', 'Armed Forces Pacific', 'military', 0, [962, 966]),
];

const BY_CODE = new Map(US_AREAS.map((x) => [x.code, x]));

/** The area of a USPS code (case-insensitive), or undefined. */
export const usArea = (code: string): UsArea | undefined => BY_CODE.get(code.toUpperCase());

/** A US ZIP code: five digits, optionally "-" and four more (ZIP+4). */
export const US_ZIP = /^\d{5}(?:-\d{4})?$/;

/**
 * Why `zip` cannot be an address in area `code`, or null when it can: not a ZIP code, an unknown
 * area, or a ZIP whose prefix USPS assigns elsewhere.
 */
export function zipProblem(zip: string, code: string): string | null {
  const area = usArea(code);
  if (!area) return 'Choose a state or territory.';
  if (!US_ZIP.test(zip)) return 'Enter a 5-digit ZIP code (or ZIP+4).';
  const prefix = Number(zip.slice(0, 3));
  return area.zipPrefixes.some(([lo, hi]) => prefix >= lo && prefix <= hi) ? null : `${zip.slice(0, 5)} is not a ZIP code in ${area.name}.`;
}

/** The sales-tax estimate for `taxableCents` in area `code`, cents (rounded half up); 0 for an unknown area. */
export function salesTaxEstimateCents(taxableCents: number, code: string): number {
  const rate = usArea(code)?.taxRateBp ?? 0;
  return Math.round((taxableCents * rate) / 10_000);
}
