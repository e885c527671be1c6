/** Links of the search page to the categories its answer names (`apps/web/app/lib/search-links.ts`). */
import { describe, expect, it } from 'vitest';
import { searchCategoryHref } from '../app/lib/search-links';

describe('searchCategoryHref', () => {
  it("links a category a search names to its page, an 'Other' leaf's id too, or searches the other words within it", () => {
    expect(searchCategoryHref('', '812')).toBe('/category/womens-clothing/coats/jackets/');
    // "More in …" names a group's 'Other' leaf by its id: its own category page, not a search of the id.
    expect(searchCategoryHref('', '71,-711,-712,-713,-714,-715')).toBe('/category/sneakers-sportswear/sports/other/');
    expect(searchCategoryHref('olive', '812')).toBe('/searchList/?q=olive&cids=812');
  });
});
