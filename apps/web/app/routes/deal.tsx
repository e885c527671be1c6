import { brandMerchantHref } from '@b-deals/core';
import { data, redirect } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/deal';
import { Breadcrumb } from '../components/breadcrumb';
import { CopyCodeButton } from '../components/copy-code';
import { apiFrom } from '../lib/api.server';
import { dealEnds, dealHref, dealOffer } from '../lib/deals';
import { pageMeta } from '../lib/meta';

/**
 * /deal/{merchant-slug}/{slug}/?promoId={id} (spec §2.1): one promotion by id; a stale merchant
 * or deal slug redirects (301) to the deal's own path; a missing id or unknown deal is 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('promoId'));
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const deal = await apiFrom(context).deal(id);
  const own = dealHref(deal);
  if (params.merchant !== deal.merchant.slug || params.slug !== deal.slug) throw redirect(own, 301);
  return { deal, canonical: new URL(own, url).href };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? pageMeta(`${data.deal.merchant.name}: ${dealOffer(data.deal)}`, `${data.deal.title}. ${dealEnds(data.deal.endsAt)}.`, data.canonical) : [];

export default function Deal({ loaderData }: Route.ComponentProps) {
  const { deal } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Coupons & Deals', href: '/deals/' }, { label: deal.merchant.name }]} />
      <article className="mx-auto mt-4 max-w-2xl rounded-2xl border border-stone-200 p-6">
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
          <Link to={brandMerchantHref({ b: [], m: [deal.merchant.slug] })} className="hover:text-accent-700">
            {deal.merchant.name}
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{deal.title}</h1>
        <p className="mt-2 text-2xl font-bold text-sale">{dealOffer(deal)}</p>
        {deal.description ? <p className="mt-3 text-stone-700">{deal.description}</p> : null}
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {deal.couponCode ? (
            <>
              <p className="rounded-lg border-2 border-dashed border-accent-600 px-4 py-2 font-mono text-lg font-semibold">
                <span className="sr-only">Coupon code: </span>
                {deal.couponCode}
              </p>
              <CopyCodeButton code={deal.couponCode} />
            </>
          ) : (
            <p className="text-stone-700">No code needed: the discount applies at checkout.</p>
          )}
          <a
            href={deal.link}
            target="_blank"
            rel="nofollow sponsored noopener"
            className="rounded-full bg-accent-700 px-6 py-2.5 font-medium text-white hover:bg-accent-800"
          >
            Shop at {deal.merchant.name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <p className="mt-4 text-sm text-stone-600">{dealEnds(deal.endsAt)}</p>
        {deal.terms ? (
          <>
            <h2 className="mt-6 text-lg font-semibold">Terms</h2>
            <p className="mt-1 text-sm text-stone-700">{deal.terms}</p>
          </>
        ) : null}
      </article>
    </div>
  );
}
