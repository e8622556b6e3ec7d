-- A sale at the till keeps the till it was rung up on, and its Idempotency-Key is that device's
-- (docs/shop-rules.md#the-till-and-shifts): the offline outbox resending a sale is one sale, whoever
-- is switched on when it is sent. claim_idempotency_key.sql looks the key up by its till.
ALTER TABLE "transactions" ADD COLUMN "till_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_till_id_tills_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."tills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_till_idempotency_key" ON "transactions" USING btree ("till_id","idempotency_key") WHERE "transactions"."till_id" is not null;