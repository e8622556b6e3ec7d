-- The menu in two languages (docs/shop-rules.md#the-menu-in-two-languages): a product's and a promo's
-- name and description as the owner writes them for Indonesian pages; '' (every row before this) shows the English.
ALTER TABLE "products" ADD COLUMN "indonesian_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "indonesian_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "indonesian_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "promos" ADD COLUMN "indonesian_description" text DEFAULT '' NOT NULL;