-- The owner's dashboard (docs/shop-rules.md#the-owners-dashboard): the shop's settings in one row
-- (the monthly revenue goal, integer rupiah). The row is written when an admin first sets the goal;
-- until then the goal is IDR 30.000.000 (DEFAULT_MONTHLY_REVENUE_GOAL), so an empty database stays
-- empty (a backup restores into it).
CREATE TABLE "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"monthly_revenue_goal" bigint DEFAULT 30000000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK (id = 1),
	CONSTRAINT "shop_settings_goal_check" CHECK (monthly_revenue_goal between 1 and 1000000000000)
);--> statement-breakpoint
-- The period's orders by when they were placed, read from the index alone (status and total in it):
-- the series, the cards and the goal (measured in docs/decisions/dashboard-in-sql.md).
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at") INCLUDE ("status_id", "total");
--> statement-breakpoint
-- Preparation time and best staff read a period's events by status and time, with the order and the
-- admin in the index, so the table is not read: this replaces 0009's (status_id, at).
CREATE INDEX "order_events_status_at_cover_idx" ON "order_events" USING btree ("status_id", "at") INCLUDE ("transaction_id", "by_user_id");--> statement-breakpoint
DROP INDEX "order_events_status_at_idx";
