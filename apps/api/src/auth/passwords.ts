/**
 * Password hashing and acceptance (issue 4; NIST SP 800-63B §5.1.1.2, OWASP Password Storage).
 * argon2id with the library's defaults (19 MiB, 2 iterations, 1 lane: OWASP's minimum
 * recommendation). Passwords found in a maintained list of common passwords are refused.
 */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordLengthProblem } from '@b-deals/core';

let common: Set<string> | null = null;

/** True when the password is in the common-password list (case-insensitive), loaded once. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** A readable reason the password cannot be used, or null. */
export function passwordProblem(password: string, context: { email?: string; firstName?: string; lastName?: string } = {}): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (isCommonPassword(password)) return 'This password is too common. Choose something harder to guess.';
  const lower = password.toLowerCase();
  const words = [context.email, context.email?.split('@')[0], context.firstName, context.lastName].filter((w): w is string => !!w && w.length >= 4);
  if (words.some((w) => lower === w.toLowerCase())) return 'Do not use your name or e-mail address as your password.';
  return null;
}

/** argon2id hash in PHC string format. */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** Verifies a password against a PHC hash; false (never throws) for a malformed hash. */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user does not exist so timing does not tell. */
export const DUMMY_HASH = await hash('timing-equaliser-not-a-real-password');
