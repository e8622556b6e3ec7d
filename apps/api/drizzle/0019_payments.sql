-- Payments through the gateway (docs/shop-rules.md#payments): the Awaiting payment status (6), QRIS
-- (payment 4), and one payments row per order paid online. Schema only; place_order is in apps/api/sql.
CREATE TABLE "payments" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"gateway_order_id" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"bank" text,
	"qr_string" text,
	"va_number" text,
	"expires_at" timestamp with time zone NOT NULL,
	"gateway_transaction_id" text,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"refund_failed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('awaiting', 'paid', 'expired', 'failed', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_status_check";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_check";--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_payment_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_order_id" ON "payments" USING btree ("gateway_order_id");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_status_check" CHECK (status_id in (6, 1, 4, 5, 2, 3));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_check" CHECK (status_id in (6, 1, 4, 5, 2, 3));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_check" CHECK ("transactions"."payment_id" in (1, 2, 3, 4));;--> statement-breakpoint
-- An order awaiting its payment, or cancelled before it was paid, is not counted by the dashboard:
-- 0011's covering index gets the flag, so that a period's figures stay one index-only scan.
ALTER TABLE "transactions" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
DROP INDEX "transactions_created_idx";--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at") INCLUDE ("status_id", "total", "counted");--> statement-breakpoint
-- The orders still awaiting their payment, by when it expires (the expiry sweep reads them).
CREATE INDEX "transactions_awaiting_idx" ON "transactions" USING btree ("created_at") WHERE "status_id" = 6;--> statement-breakpoint
-- place_order gets the status an order starts in: the former signature goes (see 0018).
DROP FUNCTION IF EXISTS "place_order"(integer, integer, integer, integer, text, timestamptz, bigint, bigint, bigint, bigint, bigint, text,
  integer[], integer[], integer[], integer[], bigint[], integer[], integer[], integer[], integer[], text, integer, integer, text, integer,
  text, integer, text, integer, text, integer, text);
