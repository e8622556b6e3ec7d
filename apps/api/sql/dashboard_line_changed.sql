-- A line's product, units and total count in its order's day.
CREATE OR REPLACE FUNCTION "dashboard_line_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM dashboard_forget(t."created_at") FROM "transactions" t WHERE t."id" = OLD."transaction_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM dashboard_forget(t."created_at") FROM "transactions" t WHERE t."id" = NEW."transaction_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transaction_items_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "transaction_items"
  FOR EACH ROW
  WHEN (current_setting('kopi.dashboard_forgotten', true) IS DISTINCT FROM 'on' /* place_order dropped its instant's days */)
  EXECUTE FUNCTION "dashboard_line_changed"();
