ALTER TABLE "products" ADD COLUMN "low_30_prior_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_90_prior_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_365_prior_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "observed_days_30" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "observed_days_90" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "observed_days_365" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "was_check" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_price_cents" integer;