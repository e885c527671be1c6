CREATE TABLE "image_vectors" (
	"product_id" bigint PRIMARY KEY NOT NULL,
	"image_url" text NOT NULL,
	"content_hash" text NOT NULL,
	"model" text NOT NULL,
	"model_vector" real[] NOT NULL,
	"colour" real[] NOT NULL,
	"embedded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_vectors_hash_idx" ON "image_vectors" USING btree ("content_hash");