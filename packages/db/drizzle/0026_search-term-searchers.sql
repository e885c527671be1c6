CREATE TABLE "search_term_searchers" (
	"term" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "search_term_searchers_term_day_visitor_pk" PRIMARY KEY("term","day","visitor")
);
