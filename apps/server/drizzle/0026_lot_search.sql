ALTER TABLE "auctions" ADD COLUMN "product_search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "auctions_shop_search_idx" ON "auctions" USING gin ("product_search_doc") WHERE "auctions"."status" = 'live' and "auctions"."product_status" = 'auctioned';--> statement-breakpoint
-- The shop's search reads the lots on sale through their own copy of the product's search document
-- (docs/decisions/094-search.md), with a partial index like the other shop indexes of decision 036:
-- matching, ranking and counting a search's lots no longer join products. The copy is kept in step
-- by the triggers of migration 0010 (as revised by 0024), which now copy search_doc as well; a
-- product's document changes with its title, brand, model, description or category (migration 0025).
CREATE OR REPLACE FUNCTION "auctions_copy_product"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.category_id, p.condition, p.status, p.created_at, p.item_key, p.search_doc
    INTO NEW.product_category_id, NEW.product_condition, NEW.product_status, NEW.product_created_at,
      NEW.product_item_key, NEW.product_search_doc
    FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "auctions_copy_product" ON "auctions";--> statement-breakpoint
CREATE TRIGGER "auctions_copy_product" BEFORE INSERT OR UPDATE OF "product_id", "product_category_id",
  "product_condition", "product_status", "product_created_at", "product_item_key", "product_search_doc"
  ON "auctions" FOR EACH ROW EXECUTE FUNCTION "auctions_copy_product"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_copy_to_auctions"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auctions SET product_category_id = NEW.category_id, product_condition = NEW.condition,
      product_status = NEW.status, product_created_at = NEW.created_at, product_item_key = NEW.item_key,
      product_search_doc = NEW.search_doc
    WHERE product_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "products_copy_to_auctions" ON "products";--> statement-breakpoint
-- search_doc is written by the BEFORE trigger products_search_doc, so the columns it is made of are
-- listed too ('UPDATE OF' names the columns an UPDATE sets; the WHEN sees the document's new value).
CREATE TRIGGER "products_copy_to_auctions" AFTER UPDATE OF "category_id", "condition", "status", "created_at",
  "item_key", "search_doc", "title", "brand", "model", "description"
  ON "products" FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.condition IS DISTINCT FROM NEW.condition
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.item_key IS DISTINCT FROM NEW.item_key OR OLD.search_doc IS DISTINCT FROM NEW.search_doc)
  EXECUTE FUNCTION "products_copy_to_auctions"();--> statement-breakpoint
-- Numbers with units are read across any marks between them ('0:V' is '0v' at once, not '0 v' and
-- then '0v' when normalised again), and not after a decimal's dot: core's normalizeSearchText, which
-- search-parity.test.ts holds this to. The documents it changes are written again below.
CREATE OR REPLACE FUNCTION "rebound_search_normalize"(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT
  btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(translate(t, 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyy'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:v|volts|volt)(?![a-z0-9])', '\1v', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:in|inches|inch|")(?![a-z0-9])', '\1in', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:ft|feet|foot)(?![a-z0-9])', '\1ft', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:w|watts|watt)(?![a-z0-9])', '\1w', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:a|amps|amp)(?![a-z0-9])', '\1a', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:mah)(?![a-z0-9])', '\1mah', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:gb)(?![a-z0-9])', '\1gb', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:tb)(?![a-z0-9])', '\1tb', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:mp|megapixels|megapixel)(?![a-z0-9])', '\1mp', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:hz)(?![a-z0-9])', '\1hz', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:mm)(?![a-z0-9])', '\1mm', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:cm)(?![a-z0-9])', '\1cm', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:ml)(?![a-z0-9])', '\1ml', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:l|litres|liters|litre|liter)(?![a-z0-9])', '\1l', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:oz|ounces|ounce)(?![a-z0-9])', '\1oz', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:lb|lbs|pounds|pound)(?![a-z0-9])', '\1lb', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:qt|quarts|quart)(?![a-z0-9])', '\1qt', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:pack|packs|pk)(?![a-z0-9])', '\1pack', 'g'),
        '(?<![a-z0-9]|[0-9]\.)([0-9]+(?:\.[0-9]+)?)[^a-z0-9]*(?:pc|pieces|piece|pcs)(?![a-z0-9])', '\1pc', 'g'), '[^a-z0-9.]+', ' ', 'g'), '\.(?![0-9])|(?<![0-9])\.', ' ', 'g'), ' +', ' ', 'g'))
$$;--> statement-breakpoint
-- Only a text with a number followed by a mark other than a space or a single hyphen, or a number
-- after a dot that follows no digit, can read differently; the others are not normalised again (the
-- function costs about a millisecond a product).
UPDATE products p SET search_doc = rebound_search_doc(q.title, q.brand, q.model, c.name, q.description)
  FROM products q LEFT JOIN categories c ON c.id = q.category_id
  WHERE q.id = p.id
    AND concat_ws(' ', q.title, q.brand, q.model, c.name, q.description)
      ~ '[0-9][^a-zA-Z0-9]*[^a-zA-Z0-9 \t\n\r-]|[0-9][ \t\n\r]*-[ \t\n\r]*-|(^|[^0-9])\.[0-9]'
    AND p.search_doc IS DISTINCT FROM rebound_search_doc(q.title, q.brand, q.model, c.name, q.description);--> statement-breakpoint
UPDATE auctions a SET product_search_doc = p.search_doc FROM products p WHERE p.id = a.product_id;
