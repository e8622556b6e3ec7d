-- Drops the rows of the days holding an instant, in every zone (a shop day lasts at most 26 hours).
-- The shared lock on the instant's UTC date is held to the end of the transaction: a dashboard
-- building a day takes it exclusively (apps/api/src/modules/dashboard/dashboard.repository.ts)
-- before it reads, so it either sees this change committed or is seen by it and dropped. Orders of
-- today take the lock shared only and delete nothing: no row is shared between orders.
CREATE OR REPLACE FUNCTION "dashboard_forget"(p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727277, floor(extract(epoch FROM p_at) / 86400)::int);
  DELETE FROM "dashboard_days"
  WHERE "day_start" <= p_at AND "day_start" > p_at - interval '2 days' AND "day_end" > p_at;
END
$$;
