-- Suggestions as the shopper types read each title once (docs/decisions/096-suggestions-from-titles.md):
-- search_titles holds every title with its brand, its document (as a product's: title A, brand and
-- model B) and how many products carry it, kept by the trigger below.
CREATE TABLE "search_titles" (
	"title" text NOT NULL,
	"brand" text NOT NULL,
	"doc" "tsvector" NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_titles_title_brand_pk" PRIMARY KEY("title","brand")
);
--> statement-breakpoint
CREATE INDEX "search_titles_doc_idx" ON "search_titles" USING gin ("doc") WHERE "search_titles"."products" > 0;--> statement-breakpoint
CREATE INDEX "products_title_brand_idx" ON "products" USING btree ("title","brand");--> statement-breakpoint
CREATE FUNCTION "products_search_titles"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE search_titles SET products = products - 1 WHERE title = OLD.title AND brand = OLD.brand;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO search_titles (title, brand, doc, products)
      VALUES (NEW.title, NEW.brand, rebound_search_doc(NEW.title, NEW.brand, NEW.model, NULL, NULL), 1)
      ON CONFLICT (title, brand) DO UPDATE SET products = search_titles.products + 1, doc = EXCLUDED.doc;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_titles" AFTER INSERT OR DELETE OR UPDATE OF "title", "brand", "model"
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_titles"();--> statement-breakpoint
INSERT INTO search_titles (title, brand, doc, products)
  SELECT title, brand, rebound_search_doc(title, brand, model, NULL, NULL), n
    FROM (SELECT DISTINCT ON (title, brand) title, brand, model, count(*) OVER (PARTITION BY title, brand) AS n
            FROM products ORDER BY title, brand, created_at DESC) newest;
