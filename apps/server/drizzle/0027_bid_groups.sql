-- Bid groups (core bid-groups.ts, docs/product.md "Bid groups") and the shopper's own spending limit (core spending.ts).
CREATE TABLE "bid_group_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"auction_id" uuid,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_group_lots" (
	"group_id" uuid NOT NULL,
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"max_amount_cents" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_group_lots_group_id_auction_id_pk" PRIMARY KEY("group_id","auction_id"),
	CONSTRAINT "bid_group_lots_state" CHECK ("bid_group_lots"."state" in ('waiting', 'live', 'outbid', 'won', 'lost', 'skipped', 'dropped')),
	CONSTRAINT "bid_group_lots_amount" CHECK ("bid_group_lots"."max_amount_cents" between 1 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "bid_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"win_at_most" smallint NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"wins" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_groups_state" CHECK ("bid_groups"."state" in ('active', 'done', 'ended', 'cancelled')),
	CONSTRAINT "bid_groups_win_at_most" CHECK ("bid_groups"."win_at_most" between 1 and 19),
	CONSTRAINT "bid_groups_wins" CHECK ("bid_groups"."wins" between 0 and "bid_groups"."win_at_most")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "spending_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "bid_group_events" ADD CONSTRAINT "bid_group_events_group_id_bid_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bid_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_group_events" ADD CONSTRAINT "bid_group_events_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_group_lots" ADD CONSTRAINT "bid_group_lots_group_id_bid_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."bid_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_group_lots" ADD CONSTRAINT "bid_group_lots_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_group_lots" ADD CONSTRAINT "bid_group_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_groups" ADD CONSTRAINT "bid_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_group_events_group_idx" ON "bid_group_events" USING btree ("group_id","at","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bid_group_lots_open_uq" ON "bid_group_lots" USING btree ("auction_id","user_id") WHERE "bid_group_lots"."state" in ('waiting', 'live', 'outbid');--> statement-breakpoint
CREATE INDEX "bid_group_lots_auction_idx" ON "bid_group_lots" USING btree ("auction_id");--> statement-breakpoint
CREATE INDEX "bid_groups_user_idx" ON "bid_groups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bid_groups_active_idx" ON "bid_groups" USING btree ("id") WHERE "bid_groups"."state" = 'active';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_spending_limit" CHECK ("users"."spending_limit_cents" between 100 and 1000000000);