CREATE TABLE "product_blocking_keys" (
	"key" text NOT NULL,
	"product_id" bigint NOT NULL,
	CONSTRAINT "product_blocking_keys_key_product_id_pk" PRIMARY KEY("key","product_id")
);
--> statement-breakpoint
CREATE INDEX "product_blocking_keys_product_idx" ON "product_blocking_keys" USING btree ("product_id");--> statement-breakpoint
-- Model-number blocking keys move from product_keys (one product per key) to the new table; title-word keys of existing products come with `npm run matches -- rematch`.
INSERT INTO "product_blocking_keys" ("key", "product_id") SELECT "key", "product_id" FROM "product_keys" WHERE "key" LIKE 'm:%' ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "product_keys" WHERE "key" LIKE 'm:%';
