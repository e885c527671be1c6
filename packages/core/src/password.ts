/**
 * Password length rules of NIST SP 800-63B §5.1.1.2 (memorized secrets): at least 8 characters,
 * long passphrases allowed (at least 64; we allow 256), no composition rules. Characters are
 * counted as Unicode code points. The common-password check needs a large list and runs on the
 * server only.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** A readable problem with the password's length, or null when the length is fine. */
export function passwordLengthProblem(password: string): string | null {
  const n = [...password].length;
  if (n < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (n > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  return null;
}
