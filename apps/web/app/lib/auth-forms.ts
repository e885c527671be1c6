/**
 * Client-side checks and error shapes of the account forms (issue 4; spec §5 leaves the
 * messages open, so they are ours). The same messages as the API's contracts
 * (packages/contracts/src/auth.ts), so a message reads the same whichever side finds the problem.
 */
import { passwordLengthProblem } from '@b-deals/core';

/** Field name → message; `form` errors go to the error summary only. */
export interface FormErrors {
  fields: Record<string, string>;
  form?: string;
}

/** What a form action answers: errors to show, or nothing when it redirected. */
export type FormResult = { errors: FormErrors } | undefined;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Enter your e-mail address." when blank, "Enter a valid e-mail address." when malformed, else null. */
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter your e-mail address.';
  return EMAIL.test(v) && v.length <= 254 ? null : 'Enter a valid e-mail address.';
}

/** For sign-in: only presence (the length rule applies to new passwords). */
export function currentPasswordProblem(value: string): string | null {
  return value ? null : 'Enter your password.';
}

/** For a new password: present and PASSWORD_MIN_LENGTH…PASSWORD_MAX_LENGTH code points (@b-deals/core). */
export function newPasswordProblem(value: string): string | null {
  return value ? passwordLengthProblem(value) : 'Enter a password.';
}

/** A required name field: "Enter your {what}." when blank, at most 60 characters (as the API). */
export function nameProblem(value: string, what: string): string | null {
  const v = value.trim();
  if (!v) return `Enter your ${what}.`;
  return v.length > 60 ? 'Use at most 60 characters.' : null;
}

/** Runs `checks` (field → problem or null) and returns the errors, or null when every field is fine. */
export function collectErrors(checks: Record<string, string | null>): FormErrors | null {
  const fields = Object.fromEntries(Object.entries(checks).filter((e): e is [string, string] => e[1] !== null));
  return Object.keys(fields).length ? { fields } : null;
}

/**
 * Maps an API error body to form errors: each `details[]` entry `{path: '/email', message}`
 * goes to the field named by the pointer's first segment when that field is on the form,
 * everything else to the summary (the body's `message`, or `fallback`).
 */
export function errorsFromApi(body: unknown, formFields: readonly string[], fallback: string): FormErrors {
  const b = (body ?? {}) as { message?: unknown; details?: unknown };
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  if (Array.isArray(b.details)) {
    for (const d of b.details as Array<{ path?: unknown; message?: unknown }>) {
      if (typeof d?.message !== 'string') continue;
      const name = typeof d.path === 'string' ? d.path.replace(/^\//, '').split('/')[0]! : '';
      if (formFields.includes(name)) fields[name] ??= d.message;
      else rest.push(d.message);
    }
  }
  const hasFields = Object.keys(fields).length > 0;
  const form = rest[0] ?? (hasFields ? undefined : typeof b.message === 'string' ? b.message : fallback);
  return form ? { fields, form } : { fields };
}

/**
 * Where to go after signing in: `redirectTo` when it is an internal path (starts with one '/',
 * no scheme or host, not back to /login), else '/'. Guards against open redirects.
 */
export function safeRedirect(redirectTo: string | null | undefined): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) return '/';
  if ([...redirectTo].some((c) => c.charCodeAt(0) < 0x20)) return '/';
  const path = redirectTo.split(/[?#]/)[0]!;
  return path === '/login' || path.startsWith('/login/') ? '/' : redirectTo;
}
