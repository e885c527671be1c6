/**
 * Accounts and OAuth 2.0 (issue 4; RFC 6749 for the token endpoint). Bodies not shown by the
 * spec (sign-up, reset) are ours, documented here and in the OpenAPI document.
 */
import { z } from 'zod';
import { passwordLengthProblem } from '@b-deals/core';
import { textSchema } from './common.ts';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }));

/** A new password: NIST SP 800-63B length rules (the common-password check is done by the API). */
export const NewPasswordSchema = z.string().superRefine((p, ctx) => {
  const problem = passwordLengthProblem(p);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A first or last name: 1–60 characters once trimmed, and no NUL (the NUL-refusing {@link textSchema},
 * so a name PostgreSQL cannot store is a 400 for the field before any work; API robustness report M11).
 * The 1,000-character bound on the untrimmed text only keeps the check cheap.
 */
const NameSchema = (what: string) => textSchema(1000).trim().min(1, `Enter your ${what}.`).max(60, `Use at most 60 characters.`);

/** POST /user/api/v1/signup. `redirectTo`: a site path to come back to after the e-mailed link and sign-in (e.g. a checkout). */
export const SignupBodySchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: NameSchema('first name'),
  lastName: NameSchema('last name'),
  redirectTo: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site')
    .optional(),
});
export type SignupBody = z.infer<typeof SignupBodySchema>;

/** Answer of sign-up and reset requests: the same whether or not the address has an account. */
export const AcceptedSchema = z.object({ status: z.string(), message: z.string() });
export type Accepted = z.infer<typeof AcceptedSchema>;

/** POST /user/api/v1/signup/verification: the token from the verification e-mail. */
export const VerificationBodySchema = z.object({ token: z.string().min(10).max(200) });

/** PUT /user/api/v1/reset-password */
export const ResetRequestBodySchema = z.object({ email: EmailSchema });

/** POST /user/api/v1/reset-password: the token from the reset e-mail and the new password. */
export const ResetPasswordBodySchema = z.object({ token: z.string().min(10).max(200), password: NewPasswordSchema });

/** GET /user/api/v1/profile (spec §3 signed-in user, without the token). */
export const ProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Successful token response, RFC 6749 §5.1. `expires_in` in seconds. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Error codes of RFC 6749 §5.2. */
export const OAUTH_ERRORS = ['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope'] as const;
export const OAuthErrorSchema = z.object({ error: z.enum(OAUTH_ERRORS), error_description: z.string().optional() });
export type OAuthError = z.infer<typeof OAuthErrorSchema>;
