/**
 * /login — sign in (issue 4; spec §2.1 "login with sub-screens", §4 signed-in state).
 * The sign-in runs in the browser (`clientAction`): the RFC 6749 password grant goes through the
 * storefront's own origin, where the web server adds the client authentication, and the session
 * is stored client-side under BSU_SECRET and BSU_ACCOUNT (session.ts). Afterwards the shopper goes
 * back to `?redirectTo=` (internal paths only). A submit that comes before the page is live is
 * held and sent once it is (`SUBMIT_WHEN_LIVE`, QA finding 4). Only when the scripts do not
 * start at all does the form reach the server action, which keeps the e-mail address typed and
 * says why the shopper is not signed in: the page was still loading (the boot loader sent it,
 * `LOADING_FIELD`), or JavaScript is off. The server cannot sign in for the browser: the refresh
 * token lives in the browser only (decisions 0008, 0013).
 */
import { internalHref } from '@b-deals/core';
import { redirect, useNavigation, useSearchParams } from 'react-router';
import { Form, Link } from '../lib/router-links';
import type { Route } from './+types/login';
import { AccountPage, ErrorSummary, PasswordField, StatusNote, SubmitButton, TextField, useFormErrors } from '../components/account-form';
import { track } from '../lib/analytics';
import { browserSession } from '../lib/auth-client';
import { collectErrors, currentPasswordProblem, emailProblem, safeRedirect, type FormResult } from '../lib/auth-forms';
import { pageMeta } from '../lib/meta';
import { LOADING_FIELD } from '../lib/progressive-hydration';
import { SessionError } from '../lib/session';

export const meta: Route.MetaFunction = () => pageMeta('Sign in', 'Sign in to your B-Deals account.');

const LABELS = { email: 'E-mail address', password: 'Password' };

/** What the server action answers: why the shopper is not signed in, and the e-mail address they typed. */
type ServerSignIn = NonNullable<FormResult> & { email: string };

/** Without JavaScript the session cannot be stored in the browser: says so, keeping the e-mail address. */
export async function action({ request }: Route.ActionArgs): Promise<ServerSignIn> {
  const form = await request.formData();
  const email = String(form.get('email') ?? '')
    .trim()
    .slice(0, 254);
  const message =
    form.get(LOADING_FIELD) === '1'
      ? 'The page was still loading, so you are not signed in yet. Please try again in a moment.'
      : 'Signing in needs JavaScript. Turn it on in your browser and try again.';
  return { errors: { fields: {}, form: message }, email };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const errors = collectErrors({ email: emailProblem(email), password: currentPasswordProblem(password) });
  if (errors) return { errors } satisfies FormResult;
  try {
    await browserSession().signIn(email, password);
    track('login', { method: 'password' });
  } catch (err) {
    const known = err instanceof SessionError && (err.status === 400 || err.status === 429);
    return { errors: { fields: {}, form: known ? err.message : 'We could not sign you in just now. Try again in a moment.' } } satisfies FormResult;
  }
  return redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo')));
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [errors] = useFormErrors(actionData);
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  const keep = params.get('redirectTo') ? `?redirectTo=${encodeURIComponent(params.get('redirectTo')!)}` : '';
  return (
    <AccountPage title="Sign in" intro="Welcome back. Sign in to see your B&#8209;LOVED products and orders.">
      {params.get('reset') === 'done' ? <StatusNote>Your password is changed. Sign in with the new password.</StatusNote> : null}
      <ErrorSummary errors={errors} labels={LABELS} />
      {/* data-submit-when-live (lib/progressive-hydration SUBMIT_WHEN_LIVE): sent before the page is live, the form waits for it. */}
      <Form method="post" noValidate data-submit-when-live="">
        <TextField
          name="email"
          type="email"
          label={LABELS.email}
          autoComplete="email"
          defaultValue={(actionData && 'email' in actionData ? actionData.email : null) || (params.get('email') ?? undefined)}
          error={errors?.fields.email}
        />
        <PasswordField name="password" label={LABELS.password} autoComplete="current-password" error={errors?.fields.password} />
        <p className="-mt-2 mb-6 text-sm">
          <Link to={internalHref('/login/reset-password')} className="font-medium text-accent-700 underline">
            Forgot your password?
          </Link>
        </p>
        <SubmitButton busy={busy} busyText="Signing in…">
          Sign in
        </SubmitButton>
      </Form>
      <p className="mt-8 border-t border-stone-200 pt-6 text-center text-stone-700">
        New to B-Deals?{' '}
        <Link to={internalHref(`/login/register${keep}`)} className="font-semibold text-accent-700 underline">
          Create an account
        </Link>
      </p>
    </AccountPage>
  );
}
