CREATE TABLE "image_files" (
	"url_hash" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"bytes" integer,
	"width" integer,
	"height" integer,
	"attempts" integer DEFAULT 1 NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
