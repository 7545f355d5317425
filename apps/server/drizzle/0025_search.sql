CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_doc_idx" ON "products" USING gin ("search_doc");--> statement-breakpoint
-- Search (docs/decisions/094-search.md). rebound_search_normalize is the SQL twin of core's
-- normalizeSearchText (packages/core/src/search.ts): capitals and common accents written plainly,
-- numbers with units written one way, every other mark a space. A medium test
-- (apps/server/src/modules/catalog/search-parity.test.ts) holds the two to the same output.
CREATE FUNCTION "rebound_search_normalize"(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT
  btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(translate(t, 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ', 'abcdefghijklmnopqrstuvwxyzaaaaaaceeeeiiiinoooooouuuuyaaaaaaceeeeiiiinoooooouuuuyy'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:v|volts|volt)(?![a-z0-9])', '\1v', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:in|inches|inch|")(?![a-z0-9])', '\1in', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:ft|feet|foot)(?![a-z0-9])', '\1ft', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:w|watts|watt)(?![a-z0-9])', '\1w', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:a|amps|amp)(?![a-z0-9])', '\1a', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:mah)(?![a-z0-9])', '\1mah', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:gb)(?![a-z0-9])', '\1gb', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:tb)(?![a-z0-9])', '\1tb', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:mp|megapixels|megapixel)(?![a-z0-9])', '\1mp', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:hz)(?![a-z0-9])', '\1hz', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:mm)(?![a-z0-9])', '\1mm', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:cm)(?![a-z0-9])', '\1cm', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:ml)(?![a-z0-9])', '\1ml', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:l|litres|liters|litre|liter)(?![a-z0-9])', '\1l', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:oz|ounces|ounce)(?![a-z0-9])', '\1oz', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:lb|lbs|pounds|pound)(?![a-z0-9])', '\1lb', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:qt|quarts|quart)(?![a-z0-9])', '\1qt', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:pack|packs|pk)(?![a-z0-9])', '\1pack', 'g'),
        '(?<![a-z0-9.])([0-9]+(?:\.[0-9]+)?)[ \t\n\r]*-?[ \t\n\r]*(?:pc|pieces|piece|pcs)(?![a-z0-9])', '\1pc', 'g'), '[^a-z0-9.]+', ' ', 'g'), '\.(?![0-9])|(?<![0-9])\.', ' ', 'g'), ' +', ' ', 'g'))
$$;--> statement-breakpoint
-- Each pair of neighbouring words joined ('air fryer xl' -> 'airfryer fryerxl'): a document
-- written 'Air Fryer' is found by 'airfryer' (core's joinedPairs).
CREATE FUNCTION "rebound_search_pairs"(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(w || nxt, ' ' ORDER BY n), '')
    FROM (SELECT w, n, lead(w) OVER (ORDER BY n) AS nxt
            FROM unnest(string_to_array(t, ' ')) WITH ORDINALITY AS x(w, n)) p
   WHERE nxt IS NOT NULL AND w <> '' AND nxt <> ''
$$;--> statement-breakpoint
-- A product's document: the title (weight A) and the brand with the model (B), each with its
-- joined pairs; the category (C); the description (D); stemmed by the English dictionary.
CREATE FUNCTION "rebound_search_doc"(title text, brand text, model text, category text, description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', nt || ' ' || rebound_search_pairs(nt)), 'A')
      || setweight(to_tsvector('english', nb || ' ' || rebound_search_pairs(nb)), 'B')
      || setweight(to_tsvector('english', rebound_search_normalize(coalesce(category, ''))), 'C')
      || setweight(to_tsvector('english', rebound_search_normalize(coalesce(description, ''))), 'D')
    FROM (SELECT rebound_search_normalize(coalesce(title, '')) AS nt,
                 rebound_search_normalize(concat_ws(' ', brand, model)) AS nb) n
$$;--> statement-breakpoint
-- The catalogue's words a misspelling is corrected to: the words of at least three characters
-- with a letter in a product's title, brand, model and category; in order, so two transactions
-- adding words wait for each other in the same order (never a deadlock).
CREATE FUNCTION "rebound_search_vocabulary"(t text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM unnest(string_to_array(rebound_search_normalize(t), ' ')) AS w
   WHERE length(w) >= 3 AND w ~ '[a-z]' ORDER BY w
$$;--> statement-breakpoint
CREATE FUNCTION "products_search_doc"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  category_name text;
BEGIN
  SELECT c.name INTO category_name FROM categories c WHERE c.id = NEW.category_id;
  NEW.search_doc := rebound_search_doc(NEW.title, NEW.brand, NEW.model, category_name, NEW.description);
  INSERT INTO search_words (word)
    SELECT rebound_search_vocabulary(concat_ws(' ', NEW.title, NEW.brand, NEW.model, category_name))
    ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_doc" BEFORE INSERT OR UPDATE OF "title", "brand", "model", "description", "category_id"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_doc"();--> statement-breakpoint
CREATE FUNCTION "categories_search_doc"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_doc = rebound_search_doc(title, brand, model, NEW.name, description)
    WHERE category_id = NEW.id;
  INSERT INTO search_words (word) SELECT rebound_search_vocabulary(NEW.name) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "categories_search_doc" AFTER UPDATE OF "name" ON "categories" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "categories_search_doc"();--> statement-breakpoint
UPDATE products p SET search_doc = rebound_search_doc(p.title, p.brand, p.model, c.name, p.description)
  FROM products q LEFT JOIN categories c ON c.id = q.category_id WHERE q.id = p.id;--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT rebound_search_vocabulary(concat_ws(' ', p.title, p.brand, p.model, c.name))
    FROM products p LEFT JOIN categories c ON c.id = p.category_id
  ON CONFLICT DO NOTHING;
