ALTER TABLE "auctions" ADD COLUMN "product_item_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_key" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_key" text;--> statement-breakpoint
CREATE INDEX "auctions_item_end_idx" ON "auctions" USING btree ("product_item_key","end_time") WHERE "auctions"."product_item_key" is not null;--> statement-breakpoint
CREATE INDEX "products_item_key_idx" ON "products" USING btree ("item_key") WHERE "products"."item_key" is not null;--> statement-breakpoint
CREATE INDEX "products_model_key_idx" ON "products" USING btree ("model_key") WHERE "products"."model_key" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_normal" CHECK ("products"."gtin" is null or "products"."gtin" ~ '^[0-9]{14}$');--> statement-breakpoint
-- Decision 090: the auction carries its product's item key too (for 'More of this item', 'Sold
-- before' and the shop's 'N more like this'), kept in step by the triggers of migration 0010,
-- which now copy item_key as well.
CREATE OR REPLACE FUNCTION "auctions_copy_product"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.category_id, p.condition, p.status, p.created_at, p.item_key
    INTO NEW.product_category_id, NEW.product_condition, NEW.product_status, NEW.product_created_at,
      NEW.product_item_key
    FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "auctions_copy_product" ON "auctions";--> statement-breakpoint
CREATE TRIGGER "auctions_copy_product" BEFORE INSERT OR UPDATE OF "product_id", "product_category_id",
  "product_condition", "product_status", "product_created_at", "product_item_key" ON "auctions"
  FOR EACH ROW EXECUTE FUNCTION "auctions_copy_product"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_copy_to_auctions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auctions SET product_category_id = NEW.category_id, product_condition = NEW.condition,
      product_status = NEW.status, product_created_at = NEW.created_at, product_item_key = NEW.item_key
    WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_copy_to_auctions" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_copy_to_auctions" AFTER UPDATE OF "category_id", "condition", "status", "created_at", "item_key"
  ON "products" FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.condition IS DISTINCT FROM NEW.condition
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.item_key IS DISTINCT FROM NEW.item_key)
  EXECUTE FUNCTION "products_copy_to_auctions"();
