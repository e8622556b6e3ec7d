-- The order promise at its edges (docs/shop-rules.md#ordering, docs/decisions/order-promise.md).
--
-- 1. An Idempotency-Key is claimed before anything else is judged. A customer's key that names a
--    stored order answers that order, whatever the rules say now (a coupon used since, a slot full,
--    a time passed); with another body, a 422. Requests with one key are
--    serialised by an advisory lock on (customer, key): a duplicate waits for the first to commit
--    and then finds its order, or answers {"in_progress"} when the first is still being placed
--    after p_wait_ms. The body's fingerprint (a hash the server computes, transactions/idempotency.ts)
--    is stored with the order; the server compares it.
ALTER TABLE "transactions" ADD COLUMN "idempotency_fingerprint" text;
--> statement-breakpoint
-- {"in_progress": true}, the order the key names {"id", "fingerprint"}, or NULL when it names none
-- (the lock is then held until the caller's transaction ends). The lock is a bigint one: its key
-- space is apart from the (int, int) locks of coupons and slots.
CREATE FUNCTION "claim_idempotency_key"(p_user integer, p_key text, p_wait_ms integer) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_lock bigint := hashtextextended(p_user::text || ':' || p_key, 0);
  v_deadline timestamptz := clock_timestamp() + make_interval(secs => p_wait_ms / 1000.0);
  v_found json;
BEGIN
  -- A try in a loop rather than a wait with lock_timeout: no subtransaction on the common path.
  WHILE NOT pg_try_advisory_xact_lock(v_lock) LOOP
    IF clock_timestamp() >= v_deadline THEN
      RETURN json_build_object('in_progress', true);
    END IF;
    PERFORM pg_sleep(0.005);
  END LOOP;
  SELECT json_build_object('id', t."id", 'fingerprint', t."idempotency_fingerprint") INTO v_found
  FROM "transactions" t WHERE t."user_id" = p_user AND t."idempotency_key" = p_key;
  RETURN v_found;
END
$$;
--> statement-breakpoint
-- 2. place_order claims the key through claim_idempotency_key (answering {"claimed": what it found}
--    when the key is taken), stores the fingerprint, and refuses a
--    line with add-ons whose product is not a drink (Coffee 2, Non Coffee 3) as a stale price: an
--    instance whose menu in memory missed a drink turned into a food then prices the cart from the
--    database, which refuses it (400). The rest is migration 0016's function.
DROP FUNCTION "place_order"(integer, integer, integer, integer, text, timestamptz, bigint, bigint, bigint, bigint, bigint, text,
  integer[], integer[], integer[], integer[], bigint[], integer[], integer[], integer[], integer[], text, integer, integer, text, integer);
--> statement-breakpoint
CREATE FUNCTION "place_order"(
  p_user integer, p_delivery integer, p_payment integer, p_promo integer, p_address text, p_scheduled_for timestamptz,
  p_subtotal bigint, p_discount bigint, p_tax bigint, p_shipping bigint, p_total bigint, p_idempotency_key text,
  p_products integer[], p_sizes integer[], p_qtys integer[], p_prices integer[], p_line_totals bigint[],
  p_addon_lines integer[], p_addon_products integer[], p_addon_qtys integer[], p_addon_prices integer[],
  p_limit_key text, p_limit integer, p_window integer, p_session_jti text DEFAULT NULL, p_session_epoch integer DEFAULT NULL,
  p_fingerprint text DEFAULT NULL, p_key_wait_ms integer DEFAULT 1500
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_order "transactions"%ROWTYPE;
  v_claim json;
  v_event bigint;
  v_hit record;
BEGIN
  -- The session first: nothing of the account is read or written for a session that has ended.
  IF p_session_jti IS NOT NULL AND (
    NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = p_user AND u."session_epoch" = p_session_epoch)
    OR EXISTS (SELECT 1 FROM "revoked_tokens" r WHERE r."jti" = p_session_jti)
  ) THEN
    RETURN json_build_object('session_ended', true);
  END IF;

  IF p_idempotency_key IS NOT NULL THEN
    -- A key already used, or still being used: the server tells a retry from another order.
    v_claim := claim_idempotency_key(p_user, p_idempotency_key, p_key_wait_ms);
    IF v_claim IS NOT NULL THEN
      RETURN json_build_object('claimed', v_claim);
    END IF;
  END IF;

  PERFORM 1 FROM "products" p WHERE p."id" = ANY (p_products) ORDER BY p."id" FOR NO KEY UPDATE;

  -- A size's price is its product_sizes row; a product without any is sold in Reguler at its price.
  IF EXISTS (
    SELECT 1 FROM unnest(p_products, p_sizes, p_prices) AS l(product_id, size_id, unit_price)
    LEFT JOIN "products" p ON p."id" = l.product_id AND p."deleted_at" IS NULL AND NOT p."sold_out"
    WHERE p."id" IS NULL OR l.unit_price IS DISTINCT FROM coalesce(
      (SELECT s."price" FROM "product_sizes" s WHERE s."product_id" = p."id" AND s."size_id" = l.size_id),
      CASE WHEN l.size_id = 1 AND NOT EXISTS (SELECT 1 FROM "product_sizes" s WHERE s."product_id" = p."id") THEN p."price" END)
  ) OR EXISTS (
    SELECT 1 FROM unnest(p_addon_products, p_addon_prices) AS a(product_id, unit_price)
    LEFT JOIN "products" p ON p."id" = a.product_id AND p."deleted_at" IS NULL AND NOT p."sold_out" AND p."category_id" = 4
    WHERE p."id" IS NULL OR a.unit_price IS DISTINCT FROM coalesce(
      (SELECT s."price" FROM "product_sizes" s WHERE s."product_id" = p."id" AND s."size_id" = 1),
      CASE WHEN NOT EXISTS (SELECT 1 FROM "product_sizes" s WHERE s."product_id" = p."id") THEN p."price" END)
  ) OR EXISTS (
    -- Add-ons go in drinks only.
    SELECT 1 FROM unnest(p_products) WITH ORDINALITY AS l(product_id, position)
    JOIN "products" p ON p."id" = l.product_id
    WHERE p."category_id" NOT IN (2, 3) AND l.position = ANY (p_addon_lines)
  ) THEN
    RETURN json_build_object('stale', true);
  END IF;

  IF p_limit_key IS NOT NULL THEN
    SELECT * INTO v_hit FROM rate_limit_hit(p_limit_key, p_window);
    IF v_hit.hits > p_limit THEN
      RETURN json_build_object('limited', v_hit.seconds_left);
    END IF;
  END IF;

  INSERT INTO "transactions" ("user_id", "delivery_id", "payment_id", "promo_id", "address", "scheduled_for",
                              "subtotal", "discount", "tax", "shipping", "total", "idempotency_key", "idempotency_fingerprint")
  VALUES (p_user, p_delivery, p_payment, p_promo, p_address, p_scheduled_for,
          p_subtotal, p_discount, p_tax, p_shipping, p_total, p_idempotency_key, p_fingerprint)
  RETURNING * INTO v_order;

  -- Its history starts with Pending, by its customer.
  INSERT INTO "order_events" ("transaction_id", "status_id", "by_user_id", "at")
  VALUES (v_order."id", v_order."status_id", p_user, v_order."created_at")
  RETURNING "id" INTO v_event;

  -- The lines' ids are drawn first, so that their add-ons can point at them.
  WITH lines AS (
    SELECT l.*, nextval('transaction_items_id_seq')::int AS item_id
    FROM unnest(p_products, p_sizes, p_qtys, p_prices, p_line_totals)
      WITH ORDINALITY AS l(product_id, size_id, qty, unit_price, line_total, position)),
  stored_lines AS (
    INSERT INTO "transaction_items" ("id", "transaction_id", "product_id", "size_id", "qty", "unit_price", "line_total")
    SELECT l.item_id, v_order."id", l.product_id, l.size_id, l.qty, l.unit_price, l.line_total FROM lines l ORDER BY l.position),
  stored_addons AS (
    INSERT INTO "transaction_item_addons" ("transaction_item_id", "product_id", "qty", "unit_price")
    SELECT l.item_id, a.product_id, a.qty, a.unit_price
    FROM unnest(p_addon_lines, p_addon_products, p_addon_qtys, p_addon_prices) WITH ORDINALITY AS a(position, product_id, qty, unit_price, n)
    JOIN lines l ON l.position = a.position ORDER BY a.n)
  UPDATE "products" p SET "units_sold" = p."units_sold" + s.qty
  FROM (SELECT l.product_id, sum(l.qty)::int AS qty FROM lines l GROUP BY l.product_id) s
  WHERE p."id" = s.product_id;

  RETURN json_build_object(
    'id', v_order."id",
    'event_id', v_event,
    'status_id', v_order."status_id",
    'scheduled_for', to_char(v_order."scheduled_for" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'created_at', to_char(v_order."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(v_order."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'display_name', (SELECT coalesce(nullif(u."display_name", ''), nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''),
                                     split_part(u."email", '@', 1)) FROM "users" u WHERE u."id" = p_user));
END
$$;
--> statement-breakpoint
-- 3. A session that ends is announced on the channel "sessions" when its change commits, so that
--    every instance closes or narrows the live streams it opened within a moment, not at the next
--    heartbeat: a logout (a revoked token), a new password (the epoch moves), a role changed, an
--    account removed.
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revoked_tokens' THEN
    PERFORM pg_notify('sessions', json_build_object('jti', NEW."jti")::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sessions', json_build_object('user_id', OLD."id")::text);
  ELSIF NEW."role" IS DISTINCT FROM OLD."role" OR NEW."session_epoch" IS DISTINCT FROM OLD."session_epoch" THEN
    PERFORM pg_notify('sessions', json_build_object('user_id', NEW."id")::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_announce" AFTER INSERT ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_session_announce" AFTER UPDATE OF "role", "session_epoch" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
