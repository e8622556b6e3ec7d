-- The fixed-window counter of a rate limit (apps/api/src/modules/auth/rate-limiter.ts): one attempt
-- counted for `p_key`, answered with the attempts in its window and the seconds the window has left.
-- place_order counts an order with it, so that the per-account order limit costs no round trip of
-- its own.
--
-- PL/pgSQL, not SQL: a SQL function whose body is an INSERT is never inlined, and its statement was
-- parsed and planned again on every call (a quarter of a millisecond, an eighth of place_order's
-- time: docs/benchmarks.md#the-orders-cpu); PL/pgSQL keeps its plan for the connection's life.
CREATE OR REPLACE FUNCTION "rate_limit_hit"(p_key text, p_window integer, OUT hits integer, OUT seconds_left integer)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "rate_limits" AS r ("key", "window_start", "hits") VALUES (p_key, now(), 1)
  ON CONFLICT ("key") DO UPDATE SET
    "hits" = CASE WHEN r."window_start" < now() - make_interval(secs => p_window) THEN 1 ELSE r."hits" + 1 END,
    "window_start" = CASE WHEN r."window_start" < now() - make_interval(secs => p_window) THEN now() ELSE r."window_start" END
  RETURNING r."hits", greatest(1, ceil(p_window - extract(epoch from now() - r."window_start")))::int INTO hits, seconds_left;
END
$$;
