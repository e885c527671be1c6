CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"markdown" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "home_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"href" text,
	"image_url" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"promotion_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"coupon_code" text,
	"discount_percent" integer,
	"discount_amount_cents" integer,
	"minimum_order_cents" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"terms" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_365_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "avg_90_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_merchant_promo_idx" ON "promotions" USING btree ("merchant_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotions_ends_idx" ON "promotions" USING btree ("ends_at");