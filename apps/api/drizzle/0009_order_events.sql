-- The live order loop (docs/shop-rules.md#statuses-and-moves): two statuses between Pending and Done,
-- and every status an order has been in recorded as an event.
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_check" CHECK (status_id in (1, 2, 3, 4, 5));--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"status_id" smallint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"reason" text,
	CONSTRAINT "order_events_status_check" CHECK (status_id in (1, 2, 3, 4, 5))
);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_transaction_idx" ON "order_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "order_events_status_at_idx" ON "order_events" USING btree ("status_id","at");--> statement-breakpoint
-- Orders placed before this migration get their history as far as it is known: Pending when placed,
-- and a Done or Cancelled at their last update (by whom is not known).
INSERT INTO "order_events" ("transaction_id", "status_id", "at")
SELECT "id", 1, "created_at" FROM "transactions"
UNION ALL
SELECT "id", "status_id", "updated_at" FROM "transactions" WHERE "status_id" <> 1
ORDER BY 3, 1, 2;
