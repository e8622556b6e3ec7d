-- Every order gets a number of its shop day (docs/shop-rules.md#the-counter), whichever statement
-- inserts it: place_order gives the day in the shop's zone (SHOP_TIMEZONE); any other insert without
-- one (a tool, a test) takes the day of its created_at in the default zone. An insert that brings
-- its number (a restore) keeps it.
--
-- The number is a draw from order_number_seq minus the day's base: the sequence's last value when
-- the day's first order came. A sequence hands out values without a lock, so no order waits for
-- another one's commit (a counter row would make every order wait for the slowest open one); every
-- order of the day draws after its base was set, so numbers start at 1 and are unique per day. An
-- order that rolls back leaves its number unused: a gap, as a voided ticket leaves on a till.
-- Only the day's first orders may wait, for the one that records the day's base to commit.
CREATE OR REPLACE FUNCTION "number_order"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_base bigint;
BEGIN
  NEW."shop_day" := coalesce(NEW."shop_day", (NEW."created_at" AT TIME ZONE 'Asia/Jakarta')::date);
  IF NEW."number" IS NULL THEN
    SELECT n."base" INTO v_base FROM "order_numbers" n WHERE n."shop_day" = NEW."shop_day";
    IF NOT FOUND THEN
      INSERT INTO "order_numbers" ("shop_day", "base")
      SELECT NEW."shop_day", CASE WHEN s.is_called THEN s.last_value ELSE s.last_value - 1 END FROM "order_number_seq" s
      ON CONFLICT ("shop_day") DO NOTHING;
      SELECT n."base" INTO v_base FROM "order_numbers" n WHERE n."shop_day" = NEW."shop_day";
    END IF;
    NEW."number" := nextval('order_number_seq') - v_base;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_number" BEFORE INSERT ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "number_order"();
