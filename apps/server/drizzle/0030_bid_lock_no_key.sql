-- A bid's lock on its auction row becomes FOR NO KEY UPDATE (the lock an UPDATE of the row's other
-- columns takes anyway): bids on one auction still go one at a time, but a transaction that only
-- inserts rows referring to the auction (a bid group's lots, a watchlist entry: their foreign keys
-- take FOR KEY SHARE) no longer waits for it, nor it for them. Two bid groups made at once over the
-- same lots each held the other's FOR KEY SHARE and then asked for FOR UPDATE: a deadlock
-- (apps/server/src/modules/bid-groups/races.test.ts). The function's arguments and answer are the
-- same, so servers of the version before run on it unchanged (docs/decisions/063).
CREATE OR REPLACE FUNCTION "bid_lock_and_read"(p_auction uuid, p_user uuid, p_key text, p_since timestamptz) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a auctions;
  r json;
BEGIN
  SELECT * INTO a FROM auctions WHERE id = p_auction FOR NO KEY UPDATE;
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
      'phone', u.phone_number, 'settings', u.notification_settings, 'marketingConsent', u.marketing_consent,
      'hasPush', exists (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id)))
      FROM users u WHERE u.id IN (p_user, a.leader_user_id)), '[]'::json)
  ) INTO r;
  RETURN r;
END
$$;
