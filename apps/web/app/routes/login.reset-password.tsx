/**
 * /login/reset-password — ask for a reset link (issue 4; spec §2.1 reset password,
 * `PUT /user/api/v1/reset-password {email}`). The answer is the same whether or not the address
 * has an account; the shopper goes to /login/reset-sent. Works without JavaScript.
 */
import { internalHref } from '@b-deals/core';
import { redirect, useNavigation } from 'react-router';
import { Form, Link } from '../lib/router-links';
import type { Route } from './+types/login.reset-password';
import { AccountPage, ErrorSummary, SubmitButton, TextField, useFormErrors } from '../components/account-form';
import { accountCall } from '../lib/auth-api.server';
import { collectErrors, emailProblem, errorsFromApi, type FormResult } from '../lib/auth-forms';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => pageMeta('Reset your password', 'Get a link to reset the password of your B-Deals account.');

const LABELS = { email: 'E-mail address' };
const check = (form: FormData) => collectErrors({ email: emailProblem(String(form.get('email') ?? '')) });

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const form = await request.formData();
  const errors = check(form);
  if (errors) return { errors };
  const email = String(form.get('email')).trim();
  const res = await accountCall(context, 'PUT', '/user/api/v1/reset-password', { email });
  if (res.ok) throw redirect(internalHref(`/login/reset-sent?email=${encodeURIComponent(email)}`));
  return { errors: errorsFromApi(res.body, ['email'], 'We could not send the link just now. Try again in a moment.') };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const [errors, setLocal] = useFormErrors(actionData);
  const busy = useNavigation().state === 'submitting';
  return (
    <AccountPage title="Reset your password" intro="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form
        method="post"
        noValidate
        onSubmit={(e) => {
          const found = check(new FormData(e.currentTarget));
          setLocal(found);
          if (found) e.preventDefault();
        }}
      >
        <TextField name="email" type="email" label={LABELS.email} autoComplete="email" error={errors?.fields.email} />
        <SubmitButton busy={busy} busyText="Sending…">
          Send me a link
        </SubmitButton>
      </Form>
      <p className="mt-8 border-t border-stone-200 pt-6 text-center">
        <Link to={internalHref('/login')} className="font-semibold text-accent-700 underline">
          Back to sign in
        </Link>
      </p>
    </AccountPage>
  );
}
