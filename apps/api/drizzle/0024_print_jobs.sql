-- The print queue (docs/shop-rules.md#receipts-and-printers): receipts and station tickets as ESC/POS
-- bytes, sent by the printing worker (modules/printing) and retried with a growing wait, so a
-- printer that is off never holds a sale.
CREATE TABLE "print_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"printer" text NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" integer,
	"bytes" "bytea" NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp with time zone,
	CONSTRAINT "print_jobs_kind_check" CHECK ("print_jobs"."kind" in ('receipt', 'ticket')),
	CONSTRAINT "print_jobs_status_check" CHECK ("print_jobs"."status" in ('queued', 'printed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" USING btree ("next_attempt_at") WHERE "print_jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "print_jobs_transaction_idx" ON "print_jobs" USING btree ("transaction_id");