-- Leave 15 % of each products page free, so that the ingest's refresh of offer-derived columns
-- (price, counts, merchant lists: no index reads them since 0021) writes HOT updates: the new row
-- version on the same page, no new entry in any index. Pages written from now on keep the space;
-- an existing catalogue gains it as its pages are rewritten (or at once with VACUUM FULL products).
ALTER TABLE "products" SET (fillfactor = 85);
