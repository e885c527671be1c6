-- The seeded home rail "Sneakers under $100" searched the $50–$100 price band only (QA finding 6):
-- it now means every in-stock sneaker below $100 (maxPrice is inclusive: 9999 cents). A module an
-- editor has changed since it was seeded is left as it is.
UPDATE "home_modules"
   SET "config" = ("config" - 'price') || '{"maxPrice": 9999}'::jsonb
 WHERE "type" = 'product_rail' AND "title" = 'Sneakers under $100' AND "config" = '{"q": "sneaker", "price": "5000-10000", "l": ["in_stock"]}'::jsonb;
