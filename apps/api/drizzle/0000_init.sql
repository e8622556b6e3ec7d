-- Search by any part of a product name uses a trigram index (docs/shop-rules.md#the-menu).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"price" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"description" text NOT NULL,
	"image" text NOT NULL,
	"search_name" text GENERATED ALWAYS AS (lower(product_name)) STORED,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_price_check" CHECK ("products"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_name" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"discount" smallint NOT NULL,
	"duration" date NOT NULL,
	"min_price" integer DEFAULT 0 NOT NULL,
	"image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promos_discount_check" CHECK ("promos"."discount" between 1 and 100),
	CONSTRAINT "promos_min_price_check" CHECK ("promos"."min_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" smallint NOT NULL,
	"qty" smallint NOT NULL,
	"unit_price" integer NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "transaction_items_size_check" CHECK ("transaction_items"."size_id" in (1, 2, 3)),
	CONSTRAINT "transaction_items_qty_check" CHECK ("transaction_items"."qty" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"delivery_id" smallint NOT NULL,
	"payment_id" smallint NOT NULL,
	"promo_id" integer,
	"address" text,
	"scheduled_for" text,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"shipping" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"idempotency_key" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_status_check" CHECK ("transactions"."status_id" in (1, 2, 3)),
	CONSTRAINT "transactions_delivery_check" CHECK ("transactions"."delivery_id" in (1, 2, 3)),
	CONSTRAINT "transactions_payment_check" CHECK ("transactions"."payment_id" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'User' NOT NULL,
	"phone" text,
	"display_name" text,
	"first_name" text,
	"last_name" text,
	"address" text,
	"birthday" date,
	"gender" text,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('User', 'Admin')),
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male', 'female'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_items" ADD CONSTRAINT "transaction_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "promos_code_key" ON "promos" USING btree ("code") WHERE "promos"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "transaction_items_transaction_idx" ON "transaction_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_idempotency_key" ON "transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "transactions_user_idx" ON "transactions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_status_idx" ON "transactions" USING btree ("status_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
-- Room in each page for the sales counter that every order updates in place (HOT updates).
ALTER TABLE "products" SET (fillfactor = 85);
--> statement-breakpoint
-- The four fixed categories (docs/shop-rules.md#the-menu).
INSERT INTO "categories" ("id", "name") VALUES (1, 'Foods'), (2, 'Coffee'), (3, 'Non Coffee'), (4, 'Add Ons');
