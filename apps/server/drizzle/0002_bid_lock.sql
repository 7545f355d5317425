-- Bidding (decision 005): lock the auction row and read what a bid needs in one round trip.
-- The read is a second statement inside the function: under READ COMMITTED a VOLATILE function
-- takes a new snapshot for each statement it runs, so the read sees everything the bid that held
-- the lock before committed (a subquery of the locking statement itself would not). Data access
-- only: the bidding rule runs in packages/core on what this returns.
CREATE FUNCTION "bid_lock_and_read"(p_auction uuid, p_user uuid, p_key text) RETURNS json
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  a auctions;
  r json;
BEGIN
  SELECT * INTO a FROM auctions WHERE id = p_auction FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT json_build_object(
    'auction', row_to_json(a),
    'product', (SELECT json_build_object('title', p.title, 'slug', p.slug) FROM products p WHERE p.id = a.product_id),
    'maxes', coalesce((SELECT json_agg(json_build_object('userId', m.user_id, 'amountCents', m.max_amount_cents,
      'setAt', m.set_at, 'seq', m.seq)) FROM max_bids m WHERE m.auction_id = a.id), '[]'::json),
    'stored', (SELECT k.response FROM idempotency_keys k WHERE k.user_id = p_user AND k.scope = 'bid' AND k.key = p_key),
    'people', coalesce((SELECT json_agg(json_build_object('id', u.id, 'handle', u.handle, 'email', u.email,
      'phone', u.phone_number, 'settings', u.notification_settings, 'marketingConsent', u.marketing_consent))
      FROM users u WHERE u.id IN (p_user, a.leader_user_id)), '[]'::json)
  ) INTO r;
  RETURN r;
END
$$;
