-- Claims an order's Idempotency-Key (docs/decisions/order-promise.md#idempotency): waits, up to
-- p_wait_ms, for a request with the same key still running, then answers the order the key names,
-- {"id", "fingerprint"}, or NULL when it names none; {"in_progress": true} when the other request
-- still holds the key. The claim is an advisory lock on (owner, key) held to the end of the
-- caller's transaction, so that no other request with the key judges or stores anything meanwhile.
-- It is a bigint lock: its key space is apart from the (int, int) locks of coupons and slots.
-- A key belongs to its owner, `p_owner` `p_id`: a customer ('user'), a guest's table ('table'), or
-- the till a sale is rung up on ('till'), as the unique indexes on transactions say.
--
-- The signature changed (the owner's kind): the former one is dropped by name first.
DROP FUNCTION IF EXISTS "claim_idempotency_key";
--> statement-breakpoint
CREATE FUNCTION "claim_idempotency_key"(p_owner text, p_id integer, p_key text, p_wait_ms integer) RETURNS json LANGUAGE plpgsql AS $$
DECLARE
  v_lock bigint := hashtextextended(p_owner || ':' || p_id::text || ':' || p_key, 0);
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
  IF p_owner = 'user' THEN
    SELECT json_build_object('id', t."id", 'fingerprint', t."idempotency_fingerprint") INTO v_found
    FROM "transactions" t WHERE t."user_id" = p_id AND t."idempotency_key" = p_key;
  ELSIF p_owner = 'table' THEN
    SELECT json_build_object('id', t."id", 'fingerprint', t."idempotency_fingerprint") INTO v_found
    FROM "transactions" t WHERE t."user_id" IS NULL AND t."table_id" = p_id AND t."idempotency_key" = p_key;
  ELSIF p_owner = 'till' THEN
    SELECT json_build_object('id', t."id", 'fingerprint', t."idempotency_fingerprint") INTO v_found
    FROM "transactions" t WHERE t."till_id" = p_id AND t."idempotency_key" = p_key;
  ELSE
    RAISE EXCEPTION 'claim_idempotency_key: no owner kind %', p_owner;
  END IF;
  RETURN v_found;
END
$$;
