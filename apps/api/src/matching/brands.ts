/**
 * Brands for offer matching (issue 11 point 1): GMC `brand`, else the manufacturer, else the
 * brand inferred from the title against the brands the catalogue knows, all compared through one
 * canonical key with aliases (Hewlett-Packard = HP).
 */

/** Canonical key of a brand name: lower case, accents, punctuation, spaces and legal suffixes removed. */
export function brandKey(name: string): string {
  const k = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(
      /\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|ag|sa|plc|group|international|intl|usa|america|technologies|technology|electronics|products|brands|mfg)\b\.?/g,
      ' ',
    )
    .replace(/[^\p{L}\p{N}]+/gu, '');
  return BRAND_ALIASES.get(k) ?? k;
}

/**
 * Aliases: every written form (as a {@link brandKey} before aliasing) → the canonical key. Names
 * the same company writes differently in feeds, from merchants' catalogues.
 */
const BRAND_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    hp: ['hewlettpackard', 'hewlettpkr', 'hewlett', 'hpinc', 'hpe', 'hewlettpackardenterprise'],
    lexar: ['lexarmedia'],
    sandisk: ['sandiskcorp', 'westerndigitalsandisk'],
    westerndigital: ['wd', 'wdc'],
    logitech: ['logi'],
    samsung: ['samsungelectronics'],
    lg: ['lgelectronics', 'lifesgood'],
    panasonic: ['matsushita'],
    dalite: ['dalitescreen', 'dalitescreencompany'],
    elite: ['elitescreens'],
    humantoolz: ['humantools'],
    apple: ['applecomputer'],
    microsoft: ['msft', 'microsoftxbox'],
    canon: ['canonusa'],
    nikon: ['nikonusa'],
    sony: ['sonycomputer', 'sonyelectronics'],
    kodak: ['eastmankodak'],
    // Xerox took over Tektronix's colour printer business (Phaser) in 2000; its supplies carry either name.
    xerox: ['tektronix', 'fujixerox'],
    dell: ['dellcomputer', 'dellcomputers'],
    asus: ['asustek', 'asustekcomputer'],
    pny: ['pnytech'],
    ge: ['generalelectric'],
    bose: ['boseaudio'],
    targus: ['targusgroup'],
    belkin: ['belkincomponents'],
    monster: ['monstercable'],
    skullcandy: ['skull candy'],
    tomtom: ['tomtomgps'],
    garmin: ['garminltd'],
    jvc: ['jvckenwood'],
    vizio: ['viziotv'],
    blackanddecker: ['bd', 'blackdecker'],
    procterandgamble: ['pg', 'pandg'],
    levis: ['levistrauss', 'levistraussandco'],
    nike: ['nikeinc'],
    adidas: ['adidasoriginals'],
    newbalance: ['nb'],
    hanes: ['hanesbrands'],
    calvinklein: ['ck'],
    tommyhilfiger: ['hilfiger'],
    ralphlauren: ['polo', 'poloralphlauren', 'laurenralphlauren'],
  }).flatMap(([canonical, forms]) => forms.map((f) => [f.replace(/\s+/g, ''), canonical] as const)),
);

/** Lower-case words of a title, accents removed, for brand look-up. */
function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}&'.-]+/u)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, ''))
    .filter(Boolean);
}

/**
 * The brands a catalogue knows, as {@link brandKey}s, for {@link inferBrand}. `add` takes display
 * names; keys shorter than 2 characters are ignored.
 */
export class BrandLexicon {
  private readonly keys = new Set<string>();

  constructor(names: Iterable<string> = []) {
    for (const n of names) this.add(n);
  }

  add(name: string): void {
    const k = brandKey(name);
    if (k.length >= 2) this.keys.add(k);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  get size(): number {
    return this.keys.size;
  }
}

/**
 * The brand a title names, as a {@link brandKey}: the longest run of 1–3 words among the title's
 * first six words whose key (aliases applied) the lexicon knows, earliest first. Returns null
 * when none is known.
 */
export function inferBrand(title: string, lexicon: BrandLexicon): string | null {
  const w = words(title).slice(0, 6);
  for (let i = 0; i < w.length; i++)
    for (let n = Math.min(3, w.length - i); n >= 1; n--) {
      const k = brandKey(w.slice(i, i + n).join(' '));
      if (k.length >= 2 && lexicon.has(k)) return k;
    }
  return null;
}

/**
 * Whether a title names the brand `key` (a {@link brandKey}) as {@link inferBrand} reads brands: a
 * run of 1–3 words among its first six ("Motorola Netopia 3346N-ENT router" names `netopia`).
 */
export function titleNamesBrand(title: string, key: string): boolean {
  const only = new BrandLexicon();
  only.add(key);
  return only.has(key) && inferBrand(title, only) !== null;
}
