CREATE TABLE "bid_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bid_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "large_bids_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bid_cancellations" ADD CONSTRAINT "bid_cancellations_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_cancellations" ADD CONSTRAINT "bid_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_cancellations_auction_idx" ON "bid_cancellations" USING btree ("auction_id","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bid_limit" CHECK ("users"."bid_limit_cents" between 100 and 10000000);