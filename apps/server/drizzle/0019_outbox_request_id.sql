-- The request that queued a message (lib/request-context.ts, decision 064): its log id, so one
-- message can be followed from the proxy's log line to the sender's. Additive: older rows and
-- messages queued by jobs have none.
ALTER TABLE "outbox" ADD COLUMN "request_id" text;
