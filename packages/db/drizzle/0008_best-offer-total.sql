ALTER TABLE "products" ADD COLUMN "item_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
-- Backfill (issue 20 §1, decision 0006): the product's price becomes the best offer's total (item plus
-- stated US shipping), chosen as core's bestOffer does; later ingests keep it with refresh.ts.
WITH lead AS (
  SELECT DISTINCT ON (product_id) product_id, coalesce(sale_price_cents, price_cents) AS eff, shipping_cents AS ship,
         CASE WHEN sale_price_cents IS NOT NULL THEN price_cents END AS was
    FROM offers WHERE active
   ORDER BY product_id, (availability = 'out_of_stock'), coalesce(sale_price_cents, price_cents) + coalesce(shipping_cents, 0),
         (shipping_cents IS NULL), id)
UPDATE products p SET price_cents = lead.eff + coalesce(lead.ship, 0), item_price_cents = lead.eff, shipping_cents = lead.ship,
       was_price_cents = lead.was,
       discount_pct = CASE WHEN lead.was > lead.eff THEN round(100.0 * (lead.was - lead.eff) / lead.was)::int ELSE 0 END
  FROM lead WHERE p.id = lead.product_id;
