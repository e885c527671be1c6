/**
 * /login/new-password?token= — the link of the reset e-mail (issue 4; spec §2.1 new password):
 * choose a new password (`POST /user/api/v1/reset-password {token, password}`). On success every
 * session was ended by the API; the shopper goes to /login?reset=done. Works without JavaScript.
 */
import { internalHref, PASSWORD_MIN_LENGTH } from '@b-deals/core';
import { redirect, useNavigation, useSearchParams } from 'react-router';
import { Form, Link } from '../lib/router-links';
import type { Route } from './+types/login.new-password';
import { AccountPage, ErrorSummary, PasswordField, SubmitButton, useFormErrors } from '../components/account-form';
import { accountCall } from '../lib/auth-api.server';
import { collectErrors, errorsFromApi, newPasswordProblem, type FormErrors, type FormResult } from '../lib/auth-forms';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Choose a new password', 'Choose a new password for your B-Deals account.'),
  { name: 'robots', content: 'noindex' },
];

const LABELS = { password: 'New password' };
const BROKEN_LINK = 'This link is not complete or not valid any more. Ask for a new one.';
const BROKEN: FormErrors = { fields: {}, form: BROKEN_LINK };
const check = (form: FormData) => collectErrors({ password: newPasswordProblem(String(form.get('password') ?? '')) });

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const form = await request.formData();
  const errors = check(form);
  if (errors) return { errors };
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token.length < 10 || token.length > 200) return { errors: { fields: {}, form: BROKEN_LINK } };
  const res = await accountCall(context, 'POST', '/user/api/v1/reset-password', { token, password: String(form.get('password')) });
  if (res.ok) throw redirect(internalHref('/login?reset=done'));
  return { errors: errorsFromApi(res.body, ['password'], BROKEN_LINK) };
}

export default function NewPassword({ actionData }: Route.ComponentProps) {
  const [errors, setLocal] = useFormErrors(actionData);
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  const broken = !params.get('token');
  return (
    <AccountPage title="Choose a new password">
      <ErrorSummary errors={broken ? BROKEN : errors} labels={LABELS} />
      {broken ? null : (
        <Form
          method="post"
          noValidate
          onSubmit={(e) => {
            const found = check(new FormData(e.currentTarget));
            setLocal(found);
            if (found) e.preventDefault();
          }}
        >
          <PasswordField
            name="password"
            label={LABELS.password}
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters. Signing in again is needed on every device afterwards.`}
            error={errors?.fields.password}
          />
          <SubmitButton busy={busy} busyText="Saving…">
            Save the new password
          </SubmitButton>
        </Form>
      )}
      <p className="mt-8 border-t border-stone-200 pt-6 text-center">
        <Link to={internalHref('/login/reset-password')} className="font-semibold text-accent-700 underline">
          Ask for a new link
        </Link>
      </p>
    </AccountPage>
  );
}
