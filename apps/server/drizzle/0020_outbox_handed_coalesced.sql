-- When each message was handed to its channel's adapter, and outbid alerts folded into a later one
-- (docs/decisions/066-outbid-alerts-in-two-seconds.md).
ALTER TABLE "outbox" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "coalesced_into" uuid;--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status";--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'dead', 'coalesced'));
