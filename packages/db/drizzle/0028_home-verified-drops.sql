-- The seeded home rail "Biggest price drops" ranked the merchants' claimed discounts, so its cards were the inflated
-- ones (the shopper review's finding 5): it now lists discounts whose was-price our history confirms
-- (search label verified_discount). A rail an editor has changed since it was seeded is left as it is.
UPDATE "home_modules"
   SET "config" = '{"l": ["verified_discount"], "sort": "discount"}'::jsonb
 WHERE "type" = 'product_rail' AND "title" = 'Biggest price drops' AND "config" = '{"l": ["on_sale"], "sort": "discount"}'::jsonb;
