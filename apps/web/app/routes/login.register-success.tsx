/** /login/register-success — "check your inbox" after sign-up (issue 4; spec §2.1 register success). */
import { internalHref } from '@b-deals/core';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/login.register-success';
import { AccountPage } from '../components/account-form';
import { track } from '../lib/analytics';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Check your inbox', 'Confirm your e-mail address to finish creating your B-Deals account.'),
  { name: 'robots', content: 'noindex' },
];

export default function RegisterSuccess() {
  // GA4 `sign_up` (issue 19 §1): the account exists once this page is reached.
  useEffect(() => {
    track('sign_up', { method: 'password' });
  }, []);
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AccountPage title="Check your inbox">
      <p>
        We sent a link to {email ? <strong className="break-all">{email}</strong> : 'your e-mail address'}. Open it to confirm your address; then you can sign
        in.
      </p>
      <p className="mt-4 text-sm text-stone-600">
        No mail after a few minutes? Look in your spam folder, or{' '}
        <Link to={internalHref('/login/register')} className="font-medium text-accent-700 underline">
          sign up again
        </Link>{' '}
        to get a new link.
      </p>
      <Link to={internalHref('/login')} className="mt-8 block rounded-lg border border-stone-300 px-4 py-3 text-center font-semibold hover:bg-stone-50">
        Go to sign in
      </Link>
    </AccountPage>
  );
}
