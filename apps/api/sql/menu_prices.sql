-- The price of each size a product is sold in (docs/shop-rules.md#prices-and-sizes), said once: its
-- product_sizes rows; a product stored without any (by SQL outside the app) is sold in Reguler at its
-- price. The menu index, the pricing of a cart from the database, and place_order's check of the
-- prices it is handed all read it. Products taken off the menu are in it too: readers filter them.
--
-- A numbered migration that changes a column this view reads drops the view first; it is created
-- again right after the migrations, as every source here is.
CREATE OR REPLACE VIEW "menu_prices" AS
  SELECT s."product_id", s."size_id", s."price" FROM "product_sizes" s
  UNION ALL
  SELECT p."id", 1 /* SIZE.regular */, p."price" FROM "products" p
  WHERE NOT EXISTS (SELECT 1 FROM "product_sizes" s WHERE s."product_id" = p."id");
