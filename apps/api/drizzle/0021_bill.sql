-- The bill (docs/shop-rules.md#tax-service-and-the-bill): an order's service charge and the rates it was
-- priced with, kept whatever the settings say later (an order before this one had none: 0); and the
-- settings an owner edits, as one JSON document checked on every read.
ALTER TABLE "shop_settings" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "service" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tax_name" text DEFAULT 'PBJT' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "service_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;