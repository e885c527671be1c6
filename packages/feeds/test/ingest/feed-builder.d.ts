/** Builds small GMC RSS feeds for ingest tests (test helper, not production code). */
export interface TestItem {
    id: string;
    title: string;
    price: string;
    brand?: string;
    gtin?: string;
    mpn?: string;
    salePrice?: string;
    availability?: string;
    color?: string;
    size?: string;
    itemGroupId?: string;
    category?: string;
    productType?: string;
    gender?: string;
    shipping?: string;
}
/** An RSS 2.0 feed with the GMC `g:` namespace. */
export declare function rssFeed(merchant: string, items: TestItem[]): Buffer;
