-- The shop used to send its default price range ($0 to $300) with every query, so every search saved
-- from it stored minPrice 0 and maxPrice 300 whether or not the shopper chose a price, and the daily
-- matches left out every lot above $300. The default is now any price (packages/core/src/catalog.ts,
-- DEFAULT_PRICE_RANGE) and the shop sends a price only when the shopper chose one. A stored range of
-- exactly 0 to 300 was that default (the shop could not tell it apart from a choice): it is dropped.
UPDATE "saved_searches"
SET "query" = "query" - 'minPrice' - 'maxPrice'
WHERE "query" -> 'minPrice' = '0'::jsonb AND "query" -> 'maxPrice' = '300'::jsonb;
