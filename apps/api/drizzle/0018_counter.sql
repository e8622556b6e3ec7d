-- The counter (docs/shop-rules.md#the-counter): daily order numbers, stations, lines ticked done,
-- undo, and orders from dine-in tables, by guests too. Schema and data only; place_order and the
-- triggers are in apps/api/sql.
CREATE TABLE "dining_tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_token" ON "dining_tables" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_name" ON "dining_tables" USING btree (lower("name")) WHERE "dining_tables"."deleted_at" is null;--> statement-breakpoint
-- An order's number is its draw from order_number_seq minus its shop day's base (apps/api/sql/number_order.sql).
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_numbers" (
	"shop_day" date PRIMARY KEY NOT NULL,
	"base" bigint NOT NULL
);
--> statement-breakpoint
-- Stations: the kitchen makes Foods (category 1), the bar the rest.
ALTER TABLE "products" ADD COLUMN "station" text DEFAULT 'bar' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_station_check" CHECK (station in ('bar', 'kitchen'));--> statement-breakpoint
UPDATE "products" SET "station" = 'kitchen' WHERE "category_id" = 1 /* CATEGORIES Foods */;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "station" text DEFAULT 'bar' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
UPDATE "transaction_items" i SET "station" = p."station" FROM "products" p WHERE p."id" = i."product_id" AND p."station" <> 'bar';--> statement-breakpoint
-- Events: a move (0), a line ticked (1), an undo (2), a move undone (3); a line event names its line.
ALTER TABLE "order_events" ADD COLUMN "kind" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "item_id" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_item_id_transaction_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."transaction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The dashboard reads moves only: 0011's covering index, for kind 0.
DROP INDEX "order_events_status_at_cover_idx";--> statement-breakpoint
CREATE INDEX "order_events_status_at_cover_idx" ON "order_events" USING btree ("status_id","at") INCLUDE ("transaction_id", "by_user_id") WHERE "order_events"."kind" = 0;--> statement-breakpoint
-- Guests' orders at a table have no account.
ALTER TABLE "transactions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "table_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "order_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_token" ON "transactions" USING btree ("order_token") WHERE "transactions"."order_token" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_guest_check" CHECK ("transactions"."user_id" is not null or ("transactions"."guest_name" is not null and "transactions"."table_id" is not null));--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_guest_idempotency_key" ON "transactions" USING btree ("table_id","idempotency_key") WHERE "transactions"."user_id" is null;--> statement-breakpoint
CREATE INDEX "transactions_table_idx" ON "transactions" USING btree ("table_id","status_id") WHERE "transactions"."table_id" is not null;--> statement-breakpoint
-- Numbers for the orders there are, by shop day in the default zone (Asia/Jakarta; a shop in another
-- zone numbers its new orders in its own), in the order they were placed.
ALTER TABLE "transactions" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "shop_day" date;--> statement-breakpoint
UPDATE "transactions" t SET "shop_day" = n.day, "number" = n.number
FROM (SELECT "id", ("created_at" AT TIME ZONE 'Asia/Jakarta')::date AS day,
             row_number() OVER (PARTITION BY ("created_at" AT TIME ZONE 'Asia/Jakarta')::date ORDER BY "created_at", "id") AS number
      FROM "transactions") n
WHERE n."id" = t."id";--> statement-breakpoint
-- The sequence has not been drawn from: its next value is 1, so each day's next number is its last plus one.
INSERT INTO "order_numbers" ("shop_day", "base") SELECT "shop_day", -max("number") FROM "transactions" GROUP BY "shop_day";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "shop_day" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_number" ON "transactions" USING btree ("shop_day","number");--> statement-breakpoint
-- place_order gets the shop's zone and the table's and guest's parameters, with defaults: the
-- former signature goes (CREATE OR REPLACE cannot change one). A new database has none yet: its
-- functions are made from apps/api/sql after the last migration.
DROP FUNCTION IF EXISTS "place_order"(integer, integer, integer, integer, text, timestamptz, bigint, bigint, bigint, bigint, bigint, text,
  integer[], integer[], integer[], integer[], bigint[], integer[], integer[], integer[], integer[], text, integer, integer, text, integer,
  text, integer);
