-- Units sold by orders not yet added to products.units_sold (docs/decisions/order-database-work.md):
-- an order inserts here instead of updating its products; roll_up_product_sales adds them up.
CREATE TABLE "product_sales" (
	"product_id" integer NOT NULL,
	"qty" integer NOT NULL
);
