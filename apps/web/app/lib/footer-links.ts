/**
 * The footer's link groups of spec §2.3 as `[label, href]` pairs: rendered by components/footer.tsx
 * and served as shared static data (`/slice-data/footer.json`, lib/static-data.server.ts).
 */

/** Support & Service: site pages. */
export const SUPPORT = [
  ['Coupons & Deals', '/deals/'],
  ['Categories', '/categories/'],
  ['Brands', '/brands/'],
  ['Merchants', '/merchants/'],
  ['Articles', '/articles/'],
  ['Price History Tracking', '/price-history-tracking/'],
  ['Best Price Picks', '/lowest-price/'],
  ['AI Price Hunter', '/ai-price-hunter/'],
  ['FAQs', '/faqs/'],
  ['Affiliates', '/affiliates/'],
] as const;

/** Info & Policy: the documents (the footer puts the external Become a Partner link after the sixth). */
export const POLICY = [
  ['Privacy Policy', '/privacy/'],
  ['Terms of Service', '/termsofservices/'],
  ['Shipping Policy', '/shipping-policy/'],
  ['Payment Policy', '/payment-policy/'],
  ['Return / Refund', '/returnRefund/'],
  ['Disclosure', '/disclosure/'],
  ['About Us', '/aboutus/'],
  ['Contact', '/contactus/'],
] as const;

/** Follow Us: external social profiles. */
export const SOCIAL = [
  ['Instagram', 'https://www.instagram.com/'],
  ['Facebook', 'https://www.facebook.com/'],
  ['TikTok', 'https://www.tiktok.com/'],
  ['Pinterest', 'https://www.pinterest.com/'],
] as const;
