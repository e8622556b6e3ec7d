-- Emptying a table of orders (a restore does) drops every day.
CREATE OR REPLACE FUNCTION "dashboard_forget_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "dashboard_days";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_dashboard_truncated" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transaction_items_dashboard_truncated" AFTER TRUNCATE ON "transaction_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget_all"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "order_events_dashboard_truncated" AFTER TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget_all"();
