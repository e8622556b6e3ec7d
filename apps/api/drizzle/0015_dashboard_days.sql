-- The dashboard's closed days (docs/decisions/dashboard-in-sql.md): one row per shop day and zone
-- with that day's figures, written by the dashboard the first time it needs a closed day (never by
-- the order path), and read with today's live figures. A row is exactly what the live queries
-- answer for that day: any insert, change or delete touching an order, a line or an event of a day
-- deletes that day's rows in the same transaction (the triggers below), and the next dashboard
-- builds them again. An order placed at 23:50 and Done at 00:10, an admin's correction a week
-- later, a restored backup: each only drops the days it touches.
--
-- Days are the shop's (SHOP_TIMEZONE), so rows are keyed by the zone too: after a change of zone
-- the other zone's rows are not read. day_start and day_end are the day's instants, by which a
-- change finds the rows to drop whatever the zone.
CREATE TABLE "dashboard_days" (
	"zone" text NOT NULL,
	"day" date NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_end" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL,
	"done" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"revenue" bigint NOT NULL,
	-- Pending → Ready of the orders placed that day: the sum in microseconds and how many.
	"prep_micros" bigint NOT NULL,
	"prep_count" integer NOT NULL,
	-- Orders placed in each hour of the shop's clock, 0 to 23.
	"hours" integer[] NOT NULL,
	-- Units and revenue of each product in the day's Done orders, as parallel arrays: one row per
	-- day however many products sold (a row per product was 1.4 s to write for a year of days).
	"product_ids" integer[] NOT NULL,
	"product_units" integer[] NOT NULL,
	"product_revenue" bigint[] NOT NULL,
	-- Done events of the day by each user (whether they are an admin is read with the figures).
	"staff_ids" integer[] NOT NULL,
	"staff_orders" integer[] NOT NULL,
	-- Drawn when the row is written: a day written again has a higher one than any before it.
	"version" bigserial NOT NULL,
	CONSTRAINT "dashboard_days_pkey" PRIMARY KEY ("zone", "day")
);--> statement-breakpoint
CREATE INDEX "dashboard_days_start_idx" ON "dashboard_days" USING btree ("day_start");--> statement-breakpoint
-- The products' units and revenue summed over the closed days of the current week or month so far
-- (first_day to before end_day), so that best sellers read one row instead of a row per day. It is
-- used only while those days are all present with the same highest version as when it was summed:
-- a day dropped or written again since makes it stale, and the next dashboard sums it again.
CREATE TABLE "dashboard_ranges" (
	"zone" text NOT NULL,
	"period" text NOT NULL,
	"first_day" date NOT NULL,
	"end_day" date NOT NULL,
	"days" integer NOT NULL,
	"max_version" bigint NOT NULL,
	"product_ids" integer[] NOT NULL,
	"product_units" integer[] NOT NULL,
	"product_revenue" bigint[] NOT NULL,
	CONSTRAINT "dashboard_ranges_pkey" PRIMARY KEY ("zone", "period")
);--> statement-breakpoint
-- Drops the rows of the days holding an instant, in every zone (a shop day lasts at most 26 hours).
-- The shared lock on the instant's UTC date is held to the end of the transaction: a dashboard
-- building a day takes it exclusively (apps/api/src/modules/dashboard/dashboard.repository.ts)
-- before it reads, so it either sees this change committed or is seen by it and dropped. Orders of
-- today take the lock shared only and delete nothing: no row is shared between orders.
CREATE FUNCTION "dashboard_forget"(p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727277, floor(extract(epoch FROM p_at) / 86400)::int);
  DELETE FROM "dashboard_days"
  WHERE "day_start" <= p_at AND "day_start" > p_at - interval '2 days' AND "day_end" > p_at;
END
$$;--> statement-breakpoint
-- An order's figures: its placing, status and total.
CREATE FUNCTION "dashboard_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_dashboard" AFTER INSERT OR DELETE ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_order_changed"();--> statement-breakpoint
CREATE TRIGGER "transactions_dashboard_moved" AFTER UPDATE ON "transactions"
  FOR EACH ROW WHEN (OLD."status_id" IS DISTINCT FROM NEW."status_id" OR OLD."total" IS DISTINCT FROM NEW."total"
                     OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "dashboard_order_changed"();--> statement-breakpoint
-- A line's product, units and total count in its order's day.
CREATE FUNCTION "dashboard_line_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM dashboard_forget(t."created_at") FROM "transactions" t WHERE t."id" = OLD."transaction_id";
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM dashboard_forget(t."created_at") FROM "transactions" t WHERE t."id" = NEW."transaction_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_items_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "transaction_items"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_line_changed"();--> statement-breakpoint
-- Events: a Pending one places its order in a day (preparation time), a Done one counts for its
-- admin on its own day, a Ready one ends the preparation of an order placed on its Pending's day.
-- Status 1 is Pending, 2 Done, 5 Ready.
CREATE FUNCTION "dashboard_event_forget"(p_transaction integer, p_status smallint, p_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_status IN (1, 2) THEN
    PERFORM dashboard_forget(p_at);
  ELSIF p_status = 5 THEN
    PERFORM dashboard_forget(p."at") FROM "order_events" p WHERE p."transaction_id" = p_transaction AND p."status_id" = 1;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION "dashboard_event_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM dashboard_event_forget(OLD."transaction_id", OLD."status_id", OLD."at");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM dashboard_event_forget(NEW."transaction_id", NEW."status_id", NEW."at");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_events_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "order_events"
  FOR EACH ROW EXECUTE FUNCTION "dashboard_event_changed"();--> statement-breakpoint
-- Emptying a table of orders (a restore does) drops every day.
CREATE FUNCTION "dashboard_forget_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "dashboard_days";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_dashboard_truncated" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget_all"();--> statement-breakpoint
CREATE TRIGGER "transaction_items_dashboard_truncated" AFTER TRUNCATE ON "transaction_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget_all"();--> statement-breakpoint
CREATE TRIGGER "order_events_dashboard_truncated" AFTER TRUNCATE ON "order_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_forget_all"();
