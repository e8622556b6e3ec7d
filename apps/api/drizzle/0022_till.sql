-- The till (docs/shop-rules.md#the-till-and-shifts, docs/shop-rules.md#staff-and-roles): staff roles
-- Cashier and Barista, members deactivated and their PINs; shared counter devices (tills); shifts with
-- their cash moved by hand; and an order's payment taken at the counter (its cash, change, rounding,
-- card reference, the cashier and the shift's drawer), and its refund. Orders placed from a table
-- before now are told apart by their source.
CREATE SEQUENCE "public"."shift_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "shift_cash" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text,
	"by_user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_cash_amount_check" CHECK ("shift_cash"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"till_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opening_cash" bigint NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"counted_cash" bigint,
	"count" jsonb,
	"expected_cash" bigint
);
--> statement-breakpoint
CREATE TABLE "tills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_guest_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
UPDATE "transactions" SET "source" = 'table' WHERE "table_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cashier_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cash_tendered" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cash_change" bigint;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cash_rounding" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "card_reference" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refund_shift_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "shift_cash" ADD CONSTRAINT "shift_cash_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_cash" ADD CONSTRAINT "shift_cash_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_cash_shift_idx" ON "shift_cash" USING btree ("shift_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_number" ON "shifts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_open_per_till" ON "shifts" USING btree ("till_id") WHERE "shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "shifts_opened_idx" ON "shifts" USING btree ("opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tills_key_hash" ON "tills" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "tills_name" ON "tills" USING btree (lower("name")) WHERE "tills"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_shift_id_shifts_id_fk" FOREIGN KEY ("refund_shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_shift_idx" ON "transactions" USING btree ("shift_id") WHERE "transactions"."shift_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_refund_shift_idx" ON "transactions" USING btree ("refund_shift_id") WHERE "transactions"."refund_shift_id" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_source_check" CHECK ("transactions"."source" in ('online', 'table', 'counter'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_guest_check" CHECK ("transactions"."user_id" is not null or ("transactions"."guest_name" is not null and "transactions"."table_id" is not null) or "transactions"."source" = 'counter');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('User', 'Admin', 'Cashier', 'Barista'));