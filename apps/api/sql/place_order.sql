-- An order's writes in one call (docs/decisions/order-path.md, docs/decisions/order-promise.md): the
-- server prices the cart from its menu in memory and hands the priced lines here. One round trip
-- checks the caller's session, claims the Idempotency-Key, checks the prices, counts the order
-- limit and stores the order, its lines, their add-ons, its first event (Pending, the column's
-- default) and its products' sales. A PL/pgSQL function keeps the plans of its statements for the
-- life of the connection, so nothing of it is parsed or planned again per order.
--
-- With `p_session_jti`, a token that was revoked (logout) or issued before the account's session
-- epoch moved (new password), or an account that is gone, stores nothing and answers
-- {"session_ended": true}, before anything of the account is read. NULL: the caller checked it.
--
-- A key already used, or in use by a request still running, stores nothing and answers what
-- claiming it found, {"claimed": …}; the server tells a retry from another order by the
-- fingerprint (apps/api/src/modules/transactions/idempotency.ts).
--
-- The prices are checked against the menu as committed: a price, a size, a product sold out or taken
-- off the menu since the server's menu was read, or add-ons in a product that is no longer a drink,
-- store nothing and answer {"stale": true}; the server then prices the cart from the database and
-- calls again. So no order is ever stored at a price the menu did not have while it was being
-- placed. The products are not locked: an edit committed after the check is not waited for, and the
-- order keeps the price it was checked at, as a customer who paid a moment before a price changed
-- would. Nor does an order wait for another one: it writes no row of its products, and its sales
-- go to product_sales (product_units_sold.sql).
--
-- With `p_limit_key`, the order counts towards its customer's limit (`p_limit` orders in `p_window`
-- seconds): one more stores nothing and answers {"limited": seconds left}, the count kept.
--
-- Each order takes the next number of its shop day (in p_time_zone). With `p_table`, it is an
-- order at that dine-in table (a table deleted meanwhile: {"no_table": true}), refused with
-- {"table_full": true} when the table has `p_table_open_limit` open orders; with `p_user` NULL and
-- `p_guest_name`, a guest's order there, its key claimed at the table. An order paid online starts
-- in `p_status` Awaiting payment (docs/shop-rules.md#payments).
--
-- The server calls it with named arguments (p_user => …), so a new parameter is added here, with a
-- default, and nowhere else: this file drops the function by its name before creating it (CREATE OR
-- REPLACE cannot change a signature), and a server of the former version, naming only the
-- parameters it knows, keeps ordering while instances are upgraded one by one.
DROP FUNCTION IF EXISTS "place_order";
--> statement-breakpoint
CREATE FUNCTION "place_order"(
  p_user integer, p_delivery integer, p_payment integer, p_promo integer, p_address text, p_scheduled_for timestamptz,
  p_subtotal bigint, p_discount bigint, p_tax bigint, p_shipping bigint, p_total bigint, p_idempotency_key text,
  p_products integer[], p_sizes integer[], p_qtys integer[], p_prices integer[], p_line_totals bigint[],
  p_addon_lines integer[], p_addon_products integer[], p_addon_qtys integer[], p_addon_prices integer[],
  p_limit_key text, p_limit integer, p_window integer, p_session_jti text DEFAULT NULL, p_session_epoch integer DEFAULT NULL,
  p_fingerprint text DEFAULT NULL, p_key_wait_ms integer DEFAULT 1500,
  p_time_zone text DEFAULT 'Asia/Jakarta', p_table integer DEFAULT NULL, p_guest_name text DEFAULT NULL,
  p_table_open_limit integer DEFAULT NULL, p_order_token text DEFAULT NULL, p_status integer DEFAULT 1 /* STATUS.pending */,
  p_service bigint DEFAULT 0, p_tax_name text DEFAULT 'PBJT', p_tax_rate_bp integer DEFAULT 0, p_service_rate_bp integer DEFAULT 0,
  p_prices_include_tax boolean DEFAULT false, p_source text DEFAULT 'online', p_paid boolean DEFAULT false,
  p_cashier integer DEFAULT NULL, p_shift integer DEFAULT NULL, p_cash_tendered bigint DEFAULT NULL, p_cash_change bigint DEFAULT NULL,
  p_cash_rounding bigint DEFAULT 0, p_card_reference text DEFAULT NULL, p_till integer DEFAULT NULL
) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_order "transactions"%ROWTYPE;
  v_claim json;
  v_event bigint;
  v_hit record;
  v_items json;
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
    -- A sale's key is its till's, a guest's their table's, else the customer's.
    v_claim := CASE
      WHEN p_till IS NOT NULL THEN claim_idempotency_key('till', p_till, p_idempotency_key, p_key_wait_ms)
      WHEN p_user IS NULL THEN claim_idempotency_key('table', p_table, p_idempotency_key, p_key_wait_ms)
      ELSE claim_idempotency_key('user', p_user, p_idempotency_key, p_key_wait_ms) END;
    IF v_claim IS NOT NULL THEN
      RETURN json_build_object('claimed', v_claim);
    END IF;
  END IF;

  -- Each line at its size's price on the menu (menu_prices.sql), each add-on at its Reguler price.
  IF EXISTS (
    SELECT 1 FROM unnest(p_products, p_sizes, p_prices) AS l(product_id, size_id, unit_price)
    LEFT JOIN "products" p ON p."id" = l.product_id AND p."deleted_at" IS NULL AND NOT p."sold_out"
    WHERE p."id" IS NULL OR l.unit_price IS DISTINCT FROM
      (SELECT m."price" FROM "menu_prices" m WHERE m."product_id" = p."id" AND m."size_id" = l.size_id)
  ) OR EXISTS (
    SELECT 1 FROM unnest(p_addon_products, p_addon_prices) AS a(product_id, unit_price)
    LEFT JOIN "products" p ON p."id" = a.product_id AND p."deleted_at" IS NULL AND NOT p."sold_out" AND p."category_id" = 4 /* ADDONS_CATEGORY_ID */
    WHERE p."id" IS NULL OR a.unit_price IS DISTINCT FROM
      (SELECT m."price" FROM "menu_prices" m WHERE m."product_id" = p."id" AND m."size_id" = 1 /* SIZE.regular */)
  ) OR cardinality(p_addon_lines) > 0 AND EXISTS (
    -- Add-ons go in drinks only (looked at only for a cart with add-ons).
    SELECT 1 FROM unnest(p_products) WITH ORDINALITY AS l(product_id, position)
    JOIN "products" p ON p."id" = l.product_id
    WHERE p."category_id" NOT IN (2, 3) /* DRINK_CATEGORY_IDS */ AND l.position = ANY (p_addon_lines)
  ) THEN
    RETURN json_build_object('stale', true);
  END IF;

  IF p_table IS NOT NULL THEN
    -- A table deleted meanwhile takes no order; its open orders are counted under its lock, so
    -- that two orders at once cannot both be the one too many.
    PERFORM 1 FROM "dining_tables" d WHERE d."id" = p_table AND d."deleted_at" IS NULL FOR UPDATE;
    IF NOT FOUND THEN
      RETURN json_build_object('no_table', true);
    END IF;
    IF p_table_open_limit IS NOT NULL AND (
      SELECT count(*) FROM "transactions" t
      WHERE t."table_id" = p_table AND t."status_id" IN (6 /* STATUS.awaitingPayment */, 1 /* STATUS.pending */, 4 /* STATUS.preparing */, 5 /* STATUS.ready */)
    ) >= p_table_open_limit THEN
      RETURN json_build_object('table_full', true);
    END IF;
  END IF;

  IF p_limit_key IS NOT NULL THEN
    SELECT * INTO v_hit FROM rate_limit_hit(p_limit_key, p_window);
    IF v_hit.hits > p_limit THEN
      RETURN json_build_object('limited', v_hit.seconds_left);
    END IF;
  END IF;

  -- The dashboard's closed days that hold this instant are dropped once for the whole order
  -- (dashboard_forget.sql): its row, first event and lines are all stamped now(), and each of them
  -- would have its trigger drop the same days again, a PL/pgSQL call apiece. The triggers skip the
  -- rows written while the setting is on; it is switched off again before this function returns.
  PERFORM dashboard_forget(now());
  PERFORM set_config('kopi.dashboard_forgotten', 'on', true);

  -- Its day in the shop's zone; its number of the day comes from the insert's trigger (number_order.sql).
  INSERT INTO "transactions" ("user_id", "status_id", "counted", "shop_day", "table_id", "guest_name", "order_token", "delivery_id", "payment_id",
                              "promo_id", "address", "scheduled_for", "subtotal", "discount", "service", "tax", "shipping", "total",
                              "tax_name", "tax_rate_bp", "service_rate_bp", "prices_include_tax", "idempotency_key", "idempotency_fingerprint",
                              "source", "paid_at", "cashier_id", "shift_id", "till_id", "cash_tendered", "cash_change", "cash_rounding", "card_reference")
  VALUES (p_user, p_status, p_status <> 6 /* STATUS.awaitingPayment */, (now() AT TIME ZONE p_time_zone)::date, p_table, p_guest_name, p_order_token, p_delivery, p_payment,
          p_promo, p_address, p_scheduled_for, p_subtotal, p_discount, p_service, p_tax, p_shipping, p_total,
          p_tax_name, p_tax_rate_bp, p_service_rate_bp, p_prices_include_tax, p_idempotency_key, p_fingerprint,
          p_source, CASE WHEN p_paid THEN now() END, p_cashier, p_shift, p_till, p_cash_tendered, p_cash_change, p_cash_rounding, p_card_reference)
  RETURNING * INTO v_order;

  -- Its history starts with its first status (Pending, or Awaiting payment), by its customer (none for a guest).
  INSERT INTO "order_events" ("transaction_id", "status_id", "by_user_id", "at")
  VALUES (v_order."id", v_order."status_id", p_user, v_order."created_at")
  RETURNING "id" INTO v_event;

  -- The lines' ids are drawn first, so that their add-ons can point at them.
  WITH lines AS (
    SELECT l.*, nextval('transaction_items_id_seq')::int AS item_id
    FROM unnest(p_products, p_sizes, p_qtys, p_prices, p_line_totals)
      WITH ORDINALITY AS l(product_id, size_id, qty, unit_price, line_total, position)),
  stored_lines AS (
    INSERT INTO "transaction_items" ("id", "transaction_id", "product_id", "size_id", "qty", "unit_price", "line_total", "station")
    SELECT l.item_id, v_order."id", l.product_id, l.size_id, l.qty, l.unit_price, l.line_total, p."station"
    FROM lines l JOIN "products" p ON p."id" = l.product_id ORDER BY l.position
    RETURNING "id", "station"),
  stored_addons AS (
    INSERT INTO "transaction_item_addons" ("transaction_item_id", "product_id", "qty", "unit_price")
    SELECT l.item_id, a.product_id, a.qty, a.unit_price
    FROM unnest(p_addon_lines, p_addon_products, p_addon_qtys, p_addon_prices) WITH ORDINALITY AS a(position, product_id, qty, unit_price, n)
    JOIN lines l ON l.position = a.position ORDER BY a.n),
  -- Its sales, rolled up into products.units_sold by the instance within a second (menu index).
  sold AS (
    INSERT INTO "product_sales" ("product_id", "qty")
    SELECT l.product_id, sum(l.qty)::int FROM lines l GROUP BY l.product_id)
  -- The lines' ids and stations, as stored, for the answer (not read back).
  SELECT json_agg(json_build_object('id', sl."id", 'station', sl."station") ORDER BY sl."id") INTO v_items FROM stored_lines sl;
  PERFORM set_config('kopi.dashboard_forgotten', 'off', true);

  RETURN json_build_object(
    'id', v_order."id",
    'number', v_order."number",
    'items', v_items,
    'event_id', v_event,
    'status_id', v_order."status_id",
    'scheduled_for', to_char(v_order."scheduled_for" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'created_at', to_char(v_order."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(v_order."updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'display_name', coalesce(p_guest_name, (SELECT coalesce(nullif(u."display_name", ''),
      nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''), split_part(u."email", '@', 1)) FROM "users" u WHERE u."id" = p_user), ''));
END
$$;
