-- A merchant's colours of one item are separate offers, and so separate products with one card each (issue 11 §3);
-- variant_group ties them together (GMC item_group_id, else brand and title without colour and sizes) so the product
-- page can link a product's other colours. Offers written before this get it at their next ingest (content hash 'v5').
ALTER TABLE "offers" ADD COLUMN "variant_group" text;--> statement-breakpoint
CREATE INDEX "offers_variant_group_idx" ON "offers" USING btree ("merchant_id","variant_group") WHERE variant_group IS NOT NULL;