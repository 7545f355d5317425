ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_key" text;--> statement-breakpoint
CREATE INDEX "products_item_key_idx" ON "products" USING btree ("item_key") WHERE "products"."item_key" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_normal" CHECK ("products"."gtin" is null or "products"."gtin" ~ '^[0-9]{14}$');