-- Part of the dashboard's closed days (docs/decisions/dashboard-in-sql.md): see dashboard_forget.sql.
CREATE OR REPLACE FUNCTION "dashboard_event_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A line ticked or a payment's change alters no figure of the dashboard (an undo and the move it undoes do).
  IF coalesce(NEW."kind", OLD."kind") IN (1 /* EVENT_KIND.line */, 4 /* EVENT_KIND.payment */) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM dashboard_event_forget(OLD."transaction_id", OLD."status_id", OLD."at");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM dashboard_event_forget(NEW."transaction_id", NEW."status_id", NEW."at");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "order_events_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "order_events"
  FOR EACH ROW
  WHEN (current_setting('kopi.dashboard_forgotten', true) IS DISTINCT FROM 'on' /* place_order dropped its instant's days */)
  EXECUTE FUNCTION "dashboard_event_changed"();
