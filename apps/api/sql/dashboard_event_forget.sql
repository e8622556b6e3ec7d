-- Events: a Pending one places its order in a day (preparation time), a Done one counts for its
-- admin on its own day, a Ready one ends the preparation of an order placed on its Pending's day.
CREATE OR REPLACE FUNCTION "dashboard_event_forget"(p_transaction integer, p_status smallint, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_status IN (1 /* STATUS.pending */, 2 /* STATUS.done */) THEN
    PERFORM dashboard_forget(p_at);
  ELSIF p_status = 5 /* STATUS.ready */ THEN
    PERFORM dashboard_forget(p."at") FROM "order_events" p WHERE p."transaction_id" = p_transaction AND p."status_id" = 1 /* STATUS.pending */;
  END IF;
END
$$;
