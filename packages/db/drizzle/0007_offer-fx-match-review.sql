CREATE TABLE "match_decisions" (
	"merchant_id" integer NOT NULL,
	"offer_key" text NOT NULL,
	"product_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_decisions_merchant_id_offer_key_product_id_pk" PRIMARY KEY("merchant_id","offer_key","product_id")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "match_score" double precision;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "match_candidate_id" bigint;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fx_rate_date" date;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fx_rate_source" text;