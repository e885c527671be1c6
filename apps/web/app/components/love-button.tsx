import type { CardView } from '../lib/card-view';
import { internalHref } from '@b-deals/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/router-links';
import { ga4Item, track } from '../lib/analytics';
import { useAccount } from '../lib/auth-client';
import { completeLoveIntent, syncLoved, toggleLoved, useLoved, useLovedCount } from '../lib/favorites-client';
import { HeartIcon } from './icons';

/** What a heart needs of a product: its id and name (the button's name), and the analytics item fields. */
export type LovedProduct = Pick<CardView, 'id' | 'name' | 'brand' | 'priceTag' | 'categoryIds'>;

/**
 * The save button of a product (issue 14): a toggle (`aria-pressed`) named "Save {name} to
 * B-LOVED" or "Remove {name} from B-LOVED". Unpressed on the server and while hydrating; then
 * the shopper's state (lib/favorites-client.ts). A visitor's tap goes to sign-in and comes back
 * with the product saved. `variant` 'card' is a round icon button for the corner of a product
 * card (above the card's stretched link); 'page' adds the words, for the product page.
 */
export function LoveButton({ product, variant = 'card' }: { product: LovedProduct; variant?: 'card' | 'page' }) {
  const loved = useLoved(product.id);
  const navigate = useNavigate();
  const onClick = () =>
    toggleLoved(product.id, product.name, navigate, () =>
      track('add_to_wishlist', { currency: 'USD', value: product.priceTag / 100, items: [ga4Item(product)] }),
    );
  const page = variant === 'page';
  // On a card the whole name is for screen readers only: one text, no nested spans (a page repeats it).
  const name = page ? (
    <>
      {loved ? 'Remove' : 'Save'}
      <span className="sr-only"> {product.name}</span> {loved ? 'from' : 'to'} B-LOVED
    </>
  ) : (
    `${loved ? 'Remove' : 'Save'} ${product.name} ${loved ? 'from' : 'to'} B-LOVED`
  );
  return (
    <button
      type="button"
      aria-pressed={loved}
      onClick={onClick}
      className={
        page
          ? 'inline-flex items-center gap-2 rounded-xl border border-stone-300 bg-white px-4 py-3 font-semibold text-stone-800 hover:border-rose-600 hover:text-rose-700 aria-pressed:border-rose-600 aria-pressed:text-rose-700'
          : 'heart-button' // app.css: a card repeats it
      }
    >
      <HeartIcon filled={loved} className={page ? 'size-5' : undefined} />
      <span className={page ? undefined : 'sr-only'}>{name}</span>
    </button>
  );
}

/**
 * The header's B-LOVED link (signed in only): a heart with the number of saved products, to
 * /collection/. It keeps the hearts' store on the shopper's account, and finishes a heart tapped
 * before signing in (`?love=` in the address) on whatever page the shopper comes back to.
 */
export function LovedLink() {
  const account = useAccount();
  const count = useLovedCount();
  const { pathname, search } = useLocation();
  const accountId = account?.id ?? null;
  useEffect(() => {
    syncLoved();
  }, [accountId]);
  useEffect(() => {
    if (accountId !== null) completeLoveIntent();
  }, [accountId, pathname, search]);
  if (!account) return null;
  return (
    <Link
      to={internalHref('/collection')}
      data-testid="loved-link"
      className="relative grid size-10 shrink-0 place-items-center rounded-full text-stone-800 hover:bg-stone-100 hover:text-rose-700"
    >
      <HeartIcon filled={!!count} className="size-6" />
      <span className="sr-only">B-LOVED{count !== null ? `, ${count} ${count === 1 ? 'product' : 'products'}` : ''}</span>
      {count ? (
        <span aria-hidden className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-xs leading-5 font-bold text-white">
          {count > 999 ? '999+' : count}
        </span>
      ) : null}
    </Link>
  );
}
