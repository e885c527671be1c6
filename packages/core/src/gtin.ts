/**
 * GTIN rules (GMC attribute `gtin`: GTIN-8, UPC-A/GTIN-12, EAN/GTIN-13, ITF-14/GTIN-14),
 * check digit per GS1 General Specifications §7.9 (mod-10, weights 3 and 1 from the right).
 */

/** Digits only, or null when the text is not 8, 12, 13 or 14 digits after removing spaces and hyphens. */
function digits(raw: string): string | null {
  const d = raw.replace(/[\s-]/g, '');
  return /^\d{8}$|^\d{12,14}$/.test(d) ? d : null;
}

/** True when `raw` is a GTIN of a valid length with a correct check digit and not all zeros. */
export function isValidGtin(raw: string): boolean {
  const d = digits(raw);
  if (!d || /^0+$/.test(d)) return false;
  let sum = 0;
  for (let i = d.length - 2, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += Number(d[i]) * w;
  return (10 - (sum % 10)) % 10 === Number(d[d.length - 1]);
}

/** The GTIN-14 form (left-padded with zeros) used as the matching key; null when invalid. */
export function normalizeGtin(raw: string): string | null {
  const d = digits(raw);
  return d && isValidGtin(d) ? d.padStart(14, '0') : null;
}

/** Computes the check digit for a GTIN body (all digits but the last). Used by the demo generator and tests. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += Number(body[i]) * w;
  return (10 - (sum % 10)) % 10;
}
