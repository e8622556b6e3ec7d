-- A menu priced like a coffee shop's (docs/shop-rules.md#prices-and-sizes): each size its own price,
-- add-ons in a drink, products that can be sold out; and promos with rules (docs/shop-rules.md#coupons).
ALTER TABLE "products" ADD COLUMN "sold_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "product_sizes" (
	"product_id" integer NOT NULL,
	"size_id" smallint NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "product_sizes_product_id_size_id_pk" PRIMARY KEY("product_id","size_id"),
	CONSTRAINT "product_sizes_size_check" CHECK ("product_sizes"."size_id" in (1, 2, 3)),
	CONSTRAINT "product_sizes_price_check" CHECK ("product_sizes"."price" > 0)
);--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "transaction_item_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_item_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" smallint NOT NULL,
	"unit_price" integer NOT NULL,
	CONSTRAINT "transaction_item_addons_qty_check" CHECK ("transaction_item_addons"."qty" between 1 and 3)
);--> statement-breakpoint
ALTER TABLE "transaction_item_addons" ADD CONSTRAINT "transaction_item_addons_transaction_item_id_transaction_items_id_fk" FOREIGN KEY ("transaction_item_id") REFERENCES "public"."transaction_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_item_addons" ADD CONSTRAINT "transaction_item_addons_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_item_addons_item_idx" ON "transaction_item_addons" USING btree ("transaction_item_id");--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "delivery_ids" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "new_customers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "members_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every product on the menu so far is sold in Reguler at its price; drinks (Coffee 2, Non Coffee 3)
-- also in Large and Extra Large at the shop's usual steps (IDR 5.000 and 8.000 more).
INSERT INTO "product_sizes" ("product_id", "size_id", "price")
SELECT p."id", s."size_id", p."price" + s."step"
FROM "products" p
JOIN (VALUES (1, 0), (2, 5000), (3, 8000)) AS s("size_id", "step") ON s."size_id" = 1 OR p."category_id" IN (2, 3)
ORDER BY 1, 2;
