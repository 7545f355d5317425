-- Outbid alerts are claimed before other due messages (docs/decisions/069-outbid-coalescing-in-the-database.md):
-- their own small index of due pending rows, so that claim never sorts the whole backlog.
-- Expand only (docs/decisions/063-upgrades-without-stopping-bids.md): an index, nothing a running server reads.
CREATE INDEX IF NOT EXISTS "outbox_urgent_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending' and "outbox"."template" = 'outbid';
