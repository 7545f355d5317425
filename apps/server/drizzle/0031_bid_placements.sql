CREATE TABLE "bid_placements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auction_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"max_cents" integer NOT NULL,
	"minimum_cents" integer NOT NULL,
	"step_cents" integer NOT NULL,
	"leader_after" uuid,
	"placed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signal_reviews" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"reviewed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "bid_placements" ADD CONSTRAINT "bid_placements_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bid_placements" ADD CONSTRAINT "bid_placements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_reviews" ADD CONSTRAINT "signal_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signal_reviews" ADD CONSTRAINT "signal_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_placements_auction_idx" ON "bid_placements" USING btree ("auction_id","seq");