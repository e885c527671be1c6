import type { Promotion } from '@b-deals/contracts';
import { Link } from '../lib/router-links';
import { dealEnds, dealHref, dealOffer } from '../lib/deals';

/** A deal tile: merchant, offer, title, coupon code or 'No code needed', end date. */
export function DealCard({ deal }: { deal: Promotion }) {
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 hover:shadow-md">
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{deal.merchant.name}</p>
      <p className="mt-1 text-xl font-bold text-sale">{dealOffer(deal)}</p>
      <h3 className="mt-1 line-clamp-2 text-sm text-stone-800">
        <Link to={dealHref(deal)} className="after:absolute after:inset-0">
          {deal.title}
        </Link>
      </h3>
      <p className="mt-auto pt-3 text-xs text-stone-600">
        {deal.couponCode ? (
          <>
            Code <span className="font-mono font-semibold text-stone-900">{deal.couponCode}</span>
          </>
        ) : (
          'No code needed'
        )}{' '}
        · {dealEnds(deal.endsAt)}
      </p>
    </article>
  );
}
