/**
 * /login/register (also served at /register, spec §2.1) — create an account (issue 4):
 * first name, last name, e-mail, password. Checked in the browser first (required fields,
 * e-mail format, PASSWORD_MIN_LENGTH from @b-deals/core); the server action then calls
 * `POST /user/api/v1/signup` (202) and goes to /login/register-success. The API's field
 * problems (`details[].path`) are shown next to their fields. Works without JavaScript.
 */
import { internalHref, PASSWORD_MIN_LENGTH } from '@b-deals/core';
import { redirect, useNavigation, useSearchParams } from 'react-router';
import { Form, Link } from '../lib/router-links';
import type { Route } from './+types/login.register';
import { AccountPage, ErrorSummary, PasswordField, SubmitButton, TextField, useFormErrors } from '../components/account-form';
import { accountCall } from '../lib/auth-api.server';
import { collectErrors, emailProblem, errorsFromApi, nameProblem, newPasswordProblem, safeRedirect, type FormResult } from '../lib/auth-forms';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => pageMeta('Create an account', 'Create a B-Deals account to save products and follow prices.');

const LABELS = { firstName: 'First name', lastName: 'Last name', email: 'E-mail address', password: 'Password' };
const FIELDS = Object.keys(LABELS);

function check(form: FormData) {
  const v = (k: string) => String(form.get(k) ?? '');
  return collectErrors({
    firstName: nameProblem(v('firstName'), 'first name'),
    lastName: nameProblem(v('lastName'), 'last name'),
    email: emailProblem(v('email')),
    password: newPasswordProblem(v('password')),
  });
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const form = await request.formData();
  const errors = check(form);
  if (errors) return { errors };
  const email = String(form.get('email')).trim();
  // Where the shopper came from (a checkout, a heart): the e-mailed link brings them back there after signing in.
  const back = safeRedirect(new URL(request.url).searchParams.get('redirectTo'));
  const res = await accountCall(context, 'POST', '/user/api/v1/signup', {
    firstName: String(form.get('firstName')).trim(),
    lastName: String(form.get('lastName')).trim(),
    email,
    password: String(form.get('password')),
    ...(back !== '/' ? { redirectTo: back } : {}),
  });
  if (res.ok) throw redirect(internalHref(`/login/register-success?email=${encodeURIComponent(email)}`));
  return { errors: errorsFromApi(res.body, FIELDS, 'We could not create the account just now. Try again in a moment.') };
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [errors, setLocal] = useFormErrors(actionData);
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  return (
    <AccountPage title="Create an account" intro="Save products to B&#8209;LOVED, follow their prices and check out faster.">
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
        <div className="sm:grid sm:grid-cols-2 sm:gap-4">
          <TextField name="firstName" label={LABELS.firstName} autoComplete="given-name" error={errors?.fields.firstName} />
          <TextField name="lastName" label={LABELS.lastName} autoComplete="family-name" error={errors?.fields.lastName} />
        </div>
        <TextField
          name="email"
          type="email"
          label={LABELS.email}
          autoComplete="email"
          defaultValue={params.get('email') ?? undefined}
          error={errors?.fields.email}
        />
        <PasswordField
          name="password"
          label={LABELS.password}
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A phrase of a few words is easy to remember and hard to guess.`}
          error={errors?.fields.password}
        />
        <SubmitButton busy={busy} busyText="Creating your account…">
          Create account
        </SubmitButton>
      </Form>
      <p className="mt-8 border-t border-stone-200 pt-6 text-center text-stone-700">
        Already have an account?{' '}
        <Link to={internalHref('/login')} className="font-semibold text-accent-700 underline">
          Sign in
        </Link>
      </p>
    </AccountPage>
  );
}
