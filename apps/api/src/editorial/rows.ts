/** The editorial domain's slice of the schema as raw-query rows (`SqlRow`): promotions (deals), articles, home modules. */
import type { SqlRow, schema } from '@b-deals/db';

export type PromotionRow = SqlRow<typeof schema.promotions>;
export type ArticleRow = SqlRow<typeof schema.articles>;
export type HomeModuleRow = SqlRow<typeof schema.homeModules>;

/** The columns a promotions feed sets (GMC promotion attributes, read by `readPromotion`). */
export type PromotionFields = Pick<
  PromotionRow,
  | 'promotion_id'
  | 'slug'
  | 'title'
  | 'description'
  | 'coupon_code'
  | 'discount_percent'
  | 'discount_amount_cents'
  | 'minimum_order_cents'
  | 'starts_at'
  | 'ends_at'
  | 'terms'
  | 'link'
>;
