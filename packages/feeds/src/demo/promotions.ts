/**
 * Demo promotions: a GMC promotions feed per merchant (TSV; attribute names of the Merchant
 * Center promotions feed) with believable deals around "today": the current or next sales event
 * of the calendar with a coupon code, a free-shipping threshold, and a welcome code. Deterministic.
 */
import type { MerchantDef } from './merchants-data.ts';
import { formatFeedMoney } from './feed-writers.ts';
import { isoDay, type SalesEvent } from './history.ts';
import { rngFor } from './random.ts';

const COLUMNS = [
  'promotion_id',
  'long_title',
  'offer_type',
  'generic_redemption_code',
  'percent_off',
  'money_off_amount',
  'minimum_purchase_amount',
  'promotion_effective_dates',
  'promotion_url',
  'description',
  'fine_print',
];

const SYMBOL: Record<MerchantDef['currency'], string> = { USD: '$', EUR: '€', GBP: '£' };

const interval = (from: number, to: number) => `${isoDay(from)}T00:00:00Z/${isoDay(to)}T23:59:59Z`;

/** The promotions TSV of one merchant for `today` (a day number, see history.ts). */
export function promotionsFeed(m: MerchantDef, seed: number, today: number, calendar: readonly SalesEvent[]): string {
  const rng = rngFor(seed, `promotions:${m.slug}`);
  const money = (whole: number) => formatFeedMoney(whole * 100, m.currency, 'std');
  const shown = (whole: number) => `${SYMBOL[m.currency]}${whole}`;
  const tag = m.slug
    .replace(/[^a-z]/g, '')
    .slice(0, 4)
    .toUpperCase();
  const rows: string[][] = [];
  const event = calendar.find((e) => e.to >= today && e.from - today <= 45);
  if (event && rng.chance(0.85)) {
    const percent = rng.pick([15, 20, 25, 30]);
    const code = `${event.name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 6)
      .toUpperCase()}${percent}`;
    rows.push([
      `${m.slug}-${event.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${isoDay(event.from).slice(0, 4)}`,
      `${event.name}: ${percent}% off sitewide`,
      'GENERIC_CODE',
      code,
      String(percent),
      '',
      '',
      // Early access: running from a couple of days ago (or the event's start, if earlier) to its end.
      interval(Math.min(today - 2, event.from), event.to),
      `https://${m.host}/sale`,
      `Save ${percent}% on almost everything at ${m.name} during ${event.name}.`,
      'Excludes gift cards and items already reduced by more than 50%. One use per customer. Cannot be combined with other codes.',
    ]);
  }
  if (rng.chance(0.7)) {
    const threshold = rng.pick([50, 75, 99, 150]);
    rows.push([
      `${m.slug}-free-shipping`,
      `Free standard shipping on orders over ${shown(threshold)}`,
      'NO_CODE',
      '',
      '',
      '',
      money(threshold),
      interval(today - rng.int(20, 90), today + rng.int(30, 120)),
      `https://${m.host}/shipping`,
      'Applied automatically at checkout to orders shipping within the contiguous United States.',
      'Standard ground shipping only. Oversized items may carry a surcharge.',
    ]);
  }
  if (rng.chance(0.6)) {
    const off = rng.pick([10, 15, 20]);
    rows.push([
      `${m.slug}-welcome`,
      `${shown(off)} off your first order of ${shown(off * 8)} or more`,
      'GENERIC_CODE',
      `${tag}WELCOME${off}`,
      '',
      money(off),
      money(off * 8),
      interval(today - rng.int(5, 40), today + rng.int(20, 60)),
      `https://${m.host}/`,
      `New customers of ${m.name} save on their first order.`,
      'New customers only. Minimum order before tax and shipping.',
    ]);
  }
  return [COLUMNS, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
}
