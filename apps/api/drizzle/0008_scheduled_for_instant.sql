-- scheduled_for was free text ("14:30", "after lunch"): it names no day or zone, so it cannot become an
-- instant. Existing values become null ("as soon as possible"), as docs/shop-rules.md#opening-hours-and-slots says; USING null never
-- fails on whatever text a row holds.
ALTER TABLE "transactions" ALTER COLUMN "scheduled_for" SET DATA TYPE timestamp with time zone USING NULL;--> statement-breakpoint
-- Counting a slot's orders (docs/shop-rules.md#opening-hours-and-slots) reads scheduled orders only.
CREATE INDEX "transactions_scheduled_idx" ON "transactions" USING btree ("scheduled_for") WHERE "transactions"."scheduled_for" is not null;
