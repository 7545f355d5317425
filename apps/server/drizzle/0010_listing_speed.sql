ALTER TABLE "auctions" ADD COLUMN "product_category_id" uuid;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "product_condition" text;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "product_status" text;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "product_created_at" timestamp with time zone;--> statement-breakpoint
-- Decision 036: the shop filters and sorts auctions by what their product says (category, condition,
-- status, creation time). Those are copied onto the auction so one partial index per sort order can
-- serve a page; these triggers keep the copies right whatever writes products or auctions.
CREATE FUNCTION "auctions_copy_product"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.category_id, p.condition, p.status, p.created_at
    INTO NEW.product_category_id, NEW.product_condition, NEW.product_status, NEW.product_created_at
    FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auctions_copy_product" BEFORE INSERT OR UPDATE OF "product_id", "product_category_id",
  "product_condition", "product_status", "product_created_at" ON "auctions"
  FOR EACH ROW EXECUTE FUNCTION "auctions_copy_product"();--> statement-breakpoint
CREATE FUNCTION "products_copy_to_auctions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auctions SET product_category_id = NEW.category_id, product_condition = NEW.condition,
      product_status = NEW.status, product_created_at = NEW.created_at
    WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_copy_to_auctions" AFTER UPDATE OF "category_id", "condition", "status", "created_at"
  ON "products" FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.condition IS DISTINCT FROM NEW.condition
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "products_copy_to_auctions"();--> statement-breakpoint
UPDATE "auctions" a SET "product_category_id" = p.category_id, "product_condition" = p.condition,
    "product_status" = p.status, "product_created_at" = p.created_at
  FROM "products" p WHERE p.id = a.product_id;--> statement-breakpoint
CREATE INDEX "auctions_shop_newest_idx" ON "auctions" USING btree ("product_created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_ending_idx" ON "auctions" USING btree ("end_time","id") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_price_idx" ON "auctions" USING btree ("current_price_cents","id") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_bids_idx" ON "auctions" USING btree ("bid_count" DESC NULLS FIRST,"end_time","id") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
CREATE INDEX "auctions_shop_filter_idx" ON "auctions" USING btree ("product_category_id","product_condition","current_price_cents","end_time","start_time") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';