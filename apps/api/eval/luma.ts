/**
 * Reading Magento's public Luma sample store (AFL-3.0 / OSL-3.0; built into eval/data/magento-sample
 * by `npm run eval:data`, not committed, see its SOURCE.md), shared by `eval:search` and `eval:categories`.
 */

/** The store category of a Magento `categories` value: the first path that is not a promotion or collection, without "Default Category/". */
export function storeCategory(value: string): string {
  const paths = value
    .replace(/\n/g, '/')
    .split(',')
    .map((p) => p.replace(/^Default Category\/?/, '').trim())
    .filter((p) => p && !/^(Promotions|Collections)\b/.test(p));
  return (paths[0] ?? '').replace(/\/(Promotions|Collections)\/.*$/, '');
}
