ALTER TABLE "offers" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "category_code" text;