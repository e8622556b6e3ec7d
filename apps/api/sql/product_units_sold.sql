-- Units sold (docs/decisions/order-database-work.md), said once: what products.units_sold holds plus
-- the sales in product_sales not rolled up yet. The menu index reads it at start and when another
-- instance announces sales; a cancellation's negative rows never take a product below 0.
CREATE OR REPLACE VIEW "product_units_sold" AS
  SELECT p."id" AS "product_id", greatest(0, p."units_sold" + coalesce(s."qty", 0))::int AS "units_sold"
  FROM "products" p
  LEFT JOIN (SELECT "product_id", sum("qty")::int AS "qty" FROM "product_sales" GROUP BY "product_id") s ON s."product_id" = p."id";
--> statement-breakpoint
-- Adds the sales in product_sales to products.units_sold and deletes them, in one transaction: a
-- row is counted once, whichever instance rolls it up (a row deleted by one is skipped by the
-- other). One instance at a time: another already rolling up answers false at once, and its roll-up
-- takes the rows committed meanwhile or the next one does. The products are updated in the order of
-- their ids, as any other writer of several products must, so two writers never deadlock.
CREATE OR REPLACE FUNCTION "roll_up_product_sales"() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(727278 /* the roll-up's lock */) THEN
    RETURN false;
  END IF;
  WITH sold AS (DELETE FROM "product_sales" RETURNING "product_id", "qty"),
  summed AS (SELECT "product_id", sum("qty")::int AS "qty" FROM sold GROUP BY "product_id"),
  locked AS (
    SELECT p."id", s."qty" FROM "products" p JOIN summed s ON s."product_id" = p."id" ORDER BY p."id" FOR NO KEY UPDATE OF p)
  UPDATE "products" p SET "units_sold" = greatest(0, p."units_sold" + l."qty") FROM locked l WHERE p."id" = l."id";
  RETURN true;
END
$$;
