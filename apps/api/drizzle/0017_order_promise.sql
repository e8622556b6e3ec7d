-- The order promise at its edges (docs/decisions/order-promise.md): the schema only; the functions
-- and triggers are in apps/api/sql (place_order, claim_idempotency_key, announce_session_change),
-- applied after the numbered migrations (apps/api/src/db/sql-sources.ts).
--
-- The fingerprint of the request an Idempotency-Key came with, to tell a retry from another order.
ALTER TABLE "transactions" ADD COLUMN "idempotency_fingerprint" text;
--> statement-breakpoint
-- place_order gets two parameters (the fingerprint and how long to wait for a key in use), both with
-- defaults so that a server of the former version, calling with 26 arguments, still finds it. A
-- function's signature cannot change by CREATE OR REPLACE: the former one goes here.
DROP FUNCTION "place_order"(integer, integer, integer, integer, text, timestamptz, bigint, bigint, bigint, bigint, bigint, text,
  integer[], integer[], integer[], integer[], bigint[], integer[], integer[], integer[], integer[], text, integer, integer, text, integer);
--> statement-breakpoint
-- Which version of each file of apps/api/sql the database runs: a file is applied again when its
-- text changes (as Flyway's repeatable migrations are). Beside drizzle's own record of migrations,
-- outside the shop's data: a backup leaves it out, and a restored database gets the functions anew.
CREATE TABLE "drizzle"."schema_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
