-- A session that ends is announced on the channel "sessions" when its change commits, so that every
-- instance closes or narrows the live streams it opened within a moment, not at the next heartbeat
-- (docs/decisions/order-promise.md#event-delivery): a logout (a revoked token), a new password (the
-- epoch moves), a role changed, an account removed.
CREATE OR REPLACE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE TRIGGER "revoked_tokens_announce" AFTER INSERT ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "users_session_announce" AFTER UPDATE OF "role", "session_epoch" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
