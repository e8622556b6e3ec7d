-- Every move of an order is announced on the channel "order_events" when its transaction commits,
-- whichever statement wrote it, so that every instance's listener (apps/api/src/db/listen.ts) can
-- send it to its open streams (docs/decisions/events-over-listen-notify.md). The payload carries ids
-- only (NOTIFY's payload is limited to 8000 bytes): the event, its order and the order's customer
-- (an instance skips loading an order none of its streams may see). An AFTER trigger runs at the end
-- of its statement, so it sees an order inserted by the same statement.
--
-- A new order's first event (a move to Pending) is not announced here (a line ticked or an undo on a
-- Pending order is): a NOTIFY takes a lock that every
-- notifying commit waits for, through its WAL flush, so with one NOTIFY per order the orders
-- committed one at a time. The instance that stored new orders announces them in batches after
-- their commit (apps/api/src/modules/transactions/order-stream.ts, docs/decisions/order-path.md).
CREATE OR REPLACE FUNCTION "announce_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_events', json_build_object('id', NEW.id, 'transaction_id', NEW.transaction_id,
    'status_id', NEW.status_id, 'kind', NEW.kind, 'user_id', (SELECT "user_id" FROM "transactions" WHERE "id" = NEW.transaction_id))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "order_events_announce" AFTER INSERT ON "order_events"
  FOR EACH ROW WHEN (NEW."status_id" <> 1 /* STATUS.pending */ OR NEW."kind" <> 0 /* EVENT_KIND.move */) EXECUTE FUNCTION "announce_order_event"();
