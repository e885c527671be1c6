-- Catalogue events (issue 10 §2): every writer of the catalogue (the API's operator route, the
-- ingest CLI, a worker) records an ingest run; its commit tells every listening process that the
-- catalogue version changed, so search indexes and caches refresh on an event, not by polling.
-- Outbound clicks are announced the same way (they change popularity and Best Sellers).
-- NOTIFY is delivered at commit, so a rolled-back ingest announces nothing.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', NEW.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ingest_runs_catalog_changed AFTER INSERT ON ingest_runs
  FOR EACH ROW EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_click_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('click_recorded', NEW.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER outbound_clicks_click_recorded AFTER INSERT ON outbound_clicks
  FOR EACH ROW EXECUTE FUNCTION notify_click_recorded();
