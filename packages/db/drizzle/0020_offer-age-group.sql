ALTER TABLE "offers" ADD COLUMN "age_group" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "age_group" text;