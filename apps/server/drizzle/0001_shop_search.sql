-- Shop keyword search (issue 5): a trigram index serves `ILIKE '%word%'` on title and brand.
-- pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it; PGlite
-- loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (("title" || ' ' || "brand") gin_trgm_ops);
