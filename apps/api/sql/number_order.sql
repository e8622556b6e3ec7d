-- Every order gets the next number of its shop day (docs/shop-rules.md#the-counter), whichever
-- statement inserts it: place_order gives the day in the shop's zone (SHOP_TIMEZONE); any other
-- insert without one (a tool, a test) takes the day of its created_at in the default zone. An
-- insert that brings its number (a restore) keeps it.
--
-- The day's row of order_numbers stays locked to the end of the inserting transaction, so numbers
-- are unique and without gaps; place_order inserts the order after every check, so the lock is
-- held only for the end of an order's transaction.
CREATE OR REPLACE FUNCTION "number_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."shop_day" := coalesce(NEW."shop_day", (NEW."created_at" AT TIME ZONE 'Asia/Jakarta')::date);
  IF NEW."number" IS NULL THEN
    INSERT INTO "order_numbers" AS n ("shop_day", "last_number") VALUES (NEW."shop_day", 1)
    ON CONFLICT ("shop_day") DO UPDATE SET "last_number" = n."last_number" + 1
    RETURNING n."last_number" INTO NEW."number";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_number" BEFORE INSERT ON "transactions"
  FOR EACH ROW EXECUTE FUNCTION "number_order"();
