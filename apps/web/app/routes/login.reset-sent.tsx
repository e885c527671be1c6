/** /login/reset-sent — "reset request sent" (issue 4; spec §2.1). Says the same whether or not the address has an account. */
import { internalHref } from '@b-deals/core';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/login.reset-sent';
import { AccountPage } from '../components/account-form';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Check your inbox', 'Open the link we e-mailed you to choose a new B-Deals password.'),
  { name: 'robots', content: 'noindex' },
];

export default function ResetSent() {
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AccountPage title="Check your inbox">
      <p>
        If {email ? <strong className="break-all">{email}</strong> : 'that address'} has a B-Deals account, a link to choose a new password is on its way. It
        works once, for 30 minutes.
      </p>
      <p className="mt-4 text-sm text-stone-600">
        No mail after a few minutes? Look in your spam folder, or{' '}
        <Link to={internalHref('/login/reset-password')} className="font-medium text-accent-700 underline">
          ask for a new link
        </Link>
        .
      </p>
      <Link to={internalHref('/login')} className="mt-8 block rounded-lg border border-stone-300 px-4 py-3 text-center font-semibold hover:bg-stone-50">
        Back to sign in
      </Link>
    </AccountPage>
  );
}
