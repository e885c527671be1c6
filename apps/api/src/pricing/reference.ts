/**
 * The reference price of an offer on sale (issue 16 §2; EU Omnibus Directive Art. 6a): its
 * lowest observed item price in the 30 days before its current price began. "Began" is the
 * start of the unbroken stretch of price runs at today's price (a run split by an availability
 * change or an observation gap does not restart it). Unobserved days say nothing: when no run
 * overlaps those 30 days the reference is null and core's `wasCheck` calls the discount claimed.
 */

/**
 * SQL expression of the reference price, cents (null when unknown), for the offer id expression
 * `offer` whose current item price expression is `price`. Uses the `price_observations (offer_id,
 * valid_from)` index; three lookups per offer.
 */
export function referencePriceSql(offer: string, price: string): string {
  return `(SELECT min(r.price_cents) FROM price_observations r,
       (SELECT min(c.valid_from) AS since FROM price_observations c
         WHERE c.offer_id = ${offer}
           AND c.valid_from > coalesce((SELECT max(d.valid_from) FROM price_observations d WHERE d.offer_id = ${offer} AND d.price_cents <> ${price}), '-infinity'::timestamptz)) s
      WHERE r.offer_id = ${offer} AND r.valid_from < s.since AND r.last_seen_at >= s.since - interval '30 days')`;
}
