CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status" CHECK ("contact_messages"."status" in ('new', 'answered', 'closed')),
	CONSTRAINT "contact_messages_lengths" CHECK (char_length("contact_messages"."name") <= 100 and char_length("contact_messages"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "auctions" DROP CONSTRAINT "auctions_money";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_prices_nonneg";--> statement-breakpoint
ALTER TABLE "bids" DROP CONSTRAINT "bids_auction_id_auctions_id_fk";
--> statement-breakpoint
ALTER TABLE "bids" DROP CONSTRAINT "bids_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_session_orders" DROP CONSTRAINT "checkout_session_orders_checkout_session_id_checkout_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_session_orders" DROP CONSTRAINT "checkout_session_orders_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "max_bids" DROP CONSTRAINT "max_bids_auction_id_auctions_id_fk";
--> statement-breakpoint
ALTER TABLE "max_bids" DROP CONSTRAINT "max_bids_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_auction_id_auctions_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_strikes" DROP CONSTRAINT "user_strikes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_strikes" DROP CONSTRAINT "user_strikes_order_id_orders_id_fk";
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "premium_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "pst_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "gst_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "premium_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "pst_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "gst_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_session_orders" ADD CONSTRAINT "checkout_session_orders_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_session_orders" ADD CONSTRAINT "checkout_session_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_bids" ADD CONSTRAINT "max_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "max_bids" ADD CONSTRAINT "max_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_counts" CHECK ("auctions"."bid_count" >= 0 and "auctions"."soft_close_seconds" >= 0 and "auctions"."seq" >= 0);--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_status" CHECK ("auctions"."status" in ('scheduled', 'live', 'ended', 'cancelled'));--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_increment_mode" CHECK ("auctions"."increment_mode" in ('fixed', 'table'));--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_money" CHECK ("auctions"."starting_bid_cents" between 1 and 10000000 and "auctions"."bid_increment_cents" between 1 and 10000000 and "auctions"."current_price_cents" between 0 and 10000000
        and ("auctions"."reserve_price_cents" is null or "auctions"."reserve_price_cents" between 0 and 10000000)
        and ("auctions"."buy_now_price_cents" is null or "auctions"."buy_now_price_cents" between 1 and 10000000));--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_amount" CHECK ("bids"."amount_cents" between 1 and 10000000);--> statement-breakpoint
ALTER TABLE "checkout_session_orders" ADD CONSTRAINT "checkout_session_orders_amount" CHECK ("checkout_session_orders"."amount_cents" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_money" CHECK ("checkout_sessions"."subtotal_cents" >= 0 and "checkout_sessions"."premium_cents" >= 0 and "checkout_sessions"."pst_cents" >= 0 and "checkout_sessions"."gst_cents" >= 0 and "checkout_sessions"."total_cents" >= 0);--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_rates" CHECK ("checkout_sessions"."buyers_premium_bp" between 0 and 10000 and "checkout_sessions"."pst_bp" between 0 and 10000 and "checkout_sessions"."gst_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_provider" CHECK ("checkout_sessions"."provider" in ('stripe', 'test'));--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_status" CHECK ("checkout_sessions"."status" in ('open', 'paid', 'expired', 'failed'));--> statement-breakpoint
ALTER TABLE "dev_messages" ADD CONSTRAINT "dev_messages_channel" CHECK ("dev_messages"."channel" in ('email', 'sms', 'push'));--> statement-breakpoint
ALTER TABLE "launch_signups" ADD CONSTRAINT "launch_signups_status" CHECK ("launch_signups"."status" in ('pending', 'confirmed'));--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_rates" CHECK ("locations"."buyers_premium_bp" between 0 and 10000 and "locations"."pst_bp" between 0 and 10000 and "locations"."gst_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "max_bids" ADD CONSTRAINT "max_bids_amount" CHECK ("max_bids"."max_amount_cents" between 1 and 10000000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_final_amount" CHECK ("orders"."final_amount_cents" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money" CHECK (coalesce("orders"."premium_cents", 0) >= 0 and coalesce("orders"."pst_cents", 0) >= 0 and coalesce("orders"."gst_cents", 0) >= 0 and coalesce("orders"."total_cents", 0) >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'paid', 'ready_for_pickup', 'pickup_scheduled', 'completed', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel" CHECK ("outbox"."channel" in ('email', 'sms', 'push'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('pending', 'sent', 'failed'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attempts" CHECK ("outbox"."attempts" >= 0);--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD CONSTRAINT "pickup_appointments_status" CHECK ("pickup_appointments"."status" in ('scheduled', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_condition" CHECK ("products"."condition" in ('like_new', 'open_box', 'gently_used'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK ("products"."status" in ('draft', 'auctioned', 'sold', 'unsold', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_prices_nonneg" CHECK ("products"."retail_price_cents" between 0 and 10000000 and "products"."resale_price_cents" between 0 and 10000000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" in ('shopper', 'staff'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status" CHECK ("users"."status" in ('active', 'suspended'));--> statement-breakpoint
-- Idempotency keys (issue 9): a key belongs to one user, endpoint and request, and lasts 24 hours.
-- The bid's read returns the stored answer with its request hash (the service refuses a different
-- request under the same key), and forgets the bidder's expired use of the key first.
DROP FUNCTION "bid_lock_and_read"(uuid, uuid, text);--> statement-breakpoint
CREATE FUNCTION "bid_lock_and_read"(p_auction uuid, p_user uuid, p_key text, p_since timestamptz) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a auctions;
  r json;
BEGIN
  SELECT * INTO a FROM auctions WHERE id = p_auction FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF p_key IS NOT NULL THEN
    DELETE FROM idempotency_keys k
      WHERE k.user_id = p_user AND k.scope = 'bid' AND k.key = p_key AND k.created_at <= p_since;
  END IF;
  SELECT json_build_object(
    'auction', row_to_json(a),
    'product', (SELECT json_build_object('title', p.title, 'slug', p.slug) FROM products p WHERE p.id = a.product_id),
    'maxes', coalesce((SELECT json_agg(json_build_object('userId', m.user_id, 'amountCents', m.max_amount_cents,
      'setAt', m.set_at, 'seq', m.seq)) FROM max_bids m WHERE m.auction_id = a.id), '[]'::json),
    'stored', (SELECT json_build_object('response', k.response, 'requestHash', k.request_hash)
      FROM idempotency_keys k WHERE k.user_id = p_user AND k.scope = 'bid' AND k.key = p_key),
    'people', coalesce((SELECT json_agg(json_build_object('id', u.id, 'handle', u.handle, 'email', u.email,
      'phone', u.phone_number, 'settings', u.notification_settings, 'marketingConsent', u.marketing_consent))
      FROM users u WHERE u.id IN (p_user, a.leader_user_id)), '[]'::json)
  ) INTO r;
  RETURN r;
END
$$;
