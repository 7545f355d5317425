DROP INDEX "auctions_shop_newest_idx";--> statement-breakpoint
DROP INDEX "auctions_shop_ending_idx";--> statement-breakpoint
DROP INDEX "auctions_shop_price_idx";--> statement-breakpoint
DROP INDEX "auctions_shop_bids_idx";--> statement-breakpoint
CREATE INDEX "auctions_shop_newest_idx" ON "auctions" USING btree ("product_created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"start_time","end_time","product_category_id","product_condition","current_price_cents") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_ending_idx" ON "auctions" USING btree ("end_time","id","start_time","product_category_id","product_condition","current_price_cents") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_price_idx" ON "auctions" USING btree ("current_price_cents","id","start_time","end_time","product_category_id","product_condition") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_bids_idx" ON "auctions" USING btree ("bid_count" DESC NULLS FIRST,"end_time","id","start_time","product_category_id","product_condition","current_price_cents") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';