-- An order's figures: its placing, status and total.
CREATE OR REPLACE FUNCTION "dashboard_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM dashboard_forget(OLD."created_at");
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_forget(NEW."created_at");
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW."created_at" IS DISTINCT FROM OLD."created_at" THEN
      PERFORM dashboard_forget(NEW."created_at");
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_dashboard" AFTER INSERT OR DELETE ON "transactions"
  FOR EACH ROW
  WHEN (current_setting('kopi.dashboard_forgotten', true) IS DISTINCT FROM 'on' /* place_order dropped its instant's days */)
  EXECUTE FUNCTION "dashboard_order_changed"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_dashboard_moved" AFTER UPDATE ON "transactions"
  FOR EACH ROW WHEN (OLD."status_id" IS DISTINCT FROM NEW."status_id" OR OLD."total" IS DISTINCT FROM NEW."total"
                     OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "dashboard_order_changed"();
