import { data, redirect } from 'react-router';
import type { Route } from './+types/out';
import { apiFrom } from '../lib/api.server';

/**
 * /out/{offerId} (issue 3): records the outbound click with POST
 * /inventory/api/v1/offers/{id}/click and answers 302 to the merchant link it returns. Only
 * http(s) links are followed; a non-numeric id or an unknown offer is 404. Offer links that
 * point here carry rel="nofollow sponsored", and robots.txt disallows /out/. Only a navigation counts:
 * a request the browser says is for an image, a script or a fetch (`Sec-Fetch-Dest`, Fetch
 * Metadata), such as another site's hidden `<img src="/out/…">` meant to inflate Top Selling, is
 * answered 403 and records nothing (the API counts one click per client and product a day besides).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = Number(params.offerId);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const dest = request.headers.get('sec-fetch-dest');
  if (dest !== null && dest !== 'document') throw data(null, { status: 403 });
  const { link } = await apiFrom(context).offerClick(id);
  if (!/^https?:\/\//i.test(link)) throw data(null, { status: 404 });
  return redirect(link, { status: 302, headers: { 'x-robots-tag': 'noindex, nofollow' } });
}
