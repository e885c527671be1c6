/**
 * Accounts and sessions (issue 4): sign-up with e-mail verification, the OAuth 2.0 token
 * endpoint's grants (RFC 6749 §4.3 password, §6 refresh_token), bearer authentication
 * (RFC 6750), and password reset. Nothing here tells a caller whether an address has an account.
 */
import type { Profile, SignupBody, TokenResponse } from '@b-deals/contracts';
import type { Database, Queryable } from '@b-deals/db';
import { DomainError } from '../errors.ts';
import type { Mailer } from '../mail.ts';
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { newFamilyId, newToken, tokenHash } from './tokens.ts';
import type { AuthTokenRow, OneTimeTokenRow, UserRow } from './rows.ts';

/** An RFC 6749 §5.2 error: answered as `{error, error_description}` with `status`. */
export class OAuthError extends Error {
  constructor(
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope',
    readonly description: string,
    readonly status = error === 'invalid_client' ? 401 : 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export interface AuthSettings {
  /** Lifetime of access tokens, seconds. */
  accessTokenTtl: number;
  /** Lifetime of refresh tokens, seconds (each rotation starts a new one). */
  refreshTokenTtl: number;
  /** Lifetime of the e-mailed verification link, seconds. */
  verificationTtl: number;
  /** Lifetime of the e-mailed reset link, seconds (issue 4: 30 minutes). */
  resetTtl: number;
  /** Storefront origin that e-mailed links point to. */
  publicUrl: string;
}

export const DEFAULT_AUTH_SETTINGS: Omit<AuthSettings, 'publicUrl'> = {
  accessTokenTtl: 15 * 60,
  refreshTokenTtl: 30 * 24 * 3600,
  verificationTtl: 48 * 3600,
  resetTtl: 30 * 60,
};

const seconds = (n: number) => new Date(Date.now() + n * 1000);

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly settings: AuthSettings,
    private readonly onMailError: (err: unknown) => void,
  ) {}

  /**
   * Creates an unverified account and e-mails a verification link. For an address that already
   * has an account the answer is the same; that address gets a mail saying so instead.
   * Throws DomainError 400 `weak_password` when the password is refused.
   */
  async signup(body: SignupBody): Promise<void> {
    const problem = passwordProblem(body.password, body);
    if (problem) throw new DomainError(400, 'weak_password', problem, [{ path: '/password', message: problem }]);
    const passwordHash = await hashPassword(body.password);
    const inserted = await this.db.query<Pick<UserRow, 'id'>>(
      `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id`,
      [body.email, passwordHash, body.firstName, body.lastName],
    );
    const id = inserted.rows[0]?.id;
    if (id !== undefined) {
      await this.sendVerification(Number(id), body.email, body.firstName, body.redirectTo);
      return;
    }
    const existing = await this.userByEmail(body.email);
    if (existing && !existing.email_verified_at) await this.sendVerification(existing.id, existing.email, existing.first_name, body.redirectTo);
    else if (existing) {
      this.mail({
        to: existing.email,
        subject: 'You already have a B-Deals account',
        text: `Hi ${existing.first_name},\n\nSomeone (hopefully you) tried to create a B-Deals account with this address, which already has one.\nSign in: ${this.settings.publicUrl}/login\nForgot your password? ${this.settings.publicUrl}/login/reset-password\n\nIf it was not you, you can ignore this mail.`,
      });
    }
  }

  /** Mails the verification link; `redirectTo` (a site path) rides along so the shopper comes back where they were (a checkout). */
  private async sendVerification(userId: number, email: string, firstName: string, redirectTo?: string): Promise<void> {
    const token = await this.oneTimeToken(userId, 'verify_email', this.settings.verificationTtl);
    const back = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : '';
    this.mail({
      to: email,
      subject: 'Confirm your B-Deals e-mail address',
      text: `Hi ${firstName},\n\nConfirm your address to finish creating your B-Deals account:\n${this.settings.publicUrl}/login/verify?token=${token}${back}\n\nThe link works once and expires in ${Math.round(this.settings.verificationTtl / 3600)} hours.`,
    });
  }

  /**
   * Marks the address of a verification link's `token` verified: `'verified'`. The same link
   * again while it has not expired (a second click, a mail client's prefetch) changes nothing and
   * answers `'already_verified'`, as long as its account's address is verified. Throws DomainError
   * 400 `invalid_token` for an unknown or expired token, or a reset link's.
   */
  async verifyEmail(token: string): Promise<'verified' | 'already_verified'> {
    try {
      const userId = await this.useOneTimeToken(token, 'verify_email');
      await this.db.query(`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`, [userId]);
      return 'verified';
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      const used = await this.db.query(
        `SELECT 1 FROM one_time_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = $1 AND t.purpose = 'verify_email' AND t.used_at IS NOT NULL AND t.expires_at > now() AND u.email_verified_at IS NOT NULL`,
        [tokenHash(token)],
      );
      if (used.rows.length > 0) return 'already_verified';
      throw err;
    }
  }

  /**
   * RFC 6749 §4.3 resource owner password credentials grant. Wrong address or password and an
   * unverified address all answer `invalid_grant`. Every attempt is recorded.
   */
  async passwordGrant(clientId: string, username: string, password: string, meta: { ip: string; userAgent?: string }): Promise<TokenResponse> {
    const user = await this.userByEmail(username.trim().toLowerCase());
    const ok = await verifyPassword(user?.password_hash ?? DUMMY_HASH, password);
    const fail = async (description: string) => {
      await this.recordSignIn(user?.id ?? null, clientId, 'password', 'invalid_grant', meta);
      return new OAuthError('invalid_grant', description);
    };
    if (!user || !ok) throw await fail('The e-mail address or password is wrong.');
    if (!user.email_verified_at) throw await fail('Confirm your e-mail address first: use the link we sent you.');
    await this.recordSignIn(user.id, clientId, 'password', null, meta);
    return this.issueTokens(this.db, user.id, clientId, newFamilyId());
  }

  /**
   * RFC 6749 §6 refresh. The presented refresh token is rotated (single use). Presenting a token
   * that was already rotated revokes its whole family (RFC 9700 §4.14.2) and answers invalid_grant.
   */
  async refreshGrant(clientId: string, refreshToken: string, meta: { ip: string; userAgent?: string }): Promise<TokenResponse> {
    const outcome = await this.db.transaction<{ tokens: TokenResponse } | { error: string }>(async (tx) => {
      const res = await tx.query<Pick<AuthTokenRow, 'id' | 'user_id' | 'family_id' | 'client_id' | 'expires_at' | 'rotated_at' | 'revoked_at'>>(
        `SELECT id, user_id, family_id, client_id, expires_at, rotated_at, revoked_at FROM auth_tokens WHERE token_hash = $1 AND kind = 'refresh' FOR UPDATE`,
        [tokenHash(refreshToken)],
      );
      const row = res.rows[0];
      if (!row || row.client_id !== clientId) return { error: 'The refresh token is not valid.' };
      if (row.rotated_at) {
        // Committed, not rolled back: the error below must not undo the revocation.
        await tx.query(`UPDATE auth_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
        await this.recordSignIn(row.user_id, clientId, 'refresh_token', 'invalid_grant', meta, tx);
        return { error: 'The refresh token was already used; the session has been ended for safety.' };
      }
      if (row.revoked_at || new Date(row.expires_at) <= new Date()) return { error: 'The refresh token has expired or was revoked.' };
      await tx.query(`UPDATE auth_tokens SET rotated_at = now() WHERE id = $1`, [row.id]);
      // The access tokens issued with the rotated refresh token end too.
      await tx.query(`UPDATE auth_tokens SET revoked_at = now() WHERE family_id = $1 AND kind = 'access' AND revoked_at IS NULL`, [row.family_id]);
      return { tokens: await this.issueTokens(tx, row.user_id, clientId, row.family_id) };
    });
    if (!('tokens' in outcome)) throw new OAuthError('invalid_grant', outcome.error);
    return outcome.tokens;
  }

  private async issueTokens(tx: Queryable, userId: number, clientId: string, familyId: string): Promise<TokenResponse> {
    const access = newToken();
    const refresh = newToken();
    await tx.query(
      `INSERT INTO auth_tokens (user_id, kind, token_hash, family_id, client_id, expires_at)
       VALUES ($1, 'access', $2, $3, $4, $5), ($1, 'refresh', $6, $3, $4, $7)`,
      [userId, tokenHash(access), familyId, clientId, seconds(this.settings.accessTokenTtl), tokenHash(refresh), seconds(this.settings.refreshTokenTtl)],
    );
    return { access_token: access, token_type: 'Bearer', expires_in: this.settings.accessTokenTtl, refresh_token: refresh };
  }

  /** The user behind a bearer access token, or null when the token is unknown, expired or revoked (RFC 6750 invalid_token). */
  async userForAccessToken(token: string): Promise<number | null> {
    const res = await this.db.query<Pick<AuthTokenRow, 'user_id'>>(
      `SELECT user_id FROM auth_tokens WHERE token_hash = $1 AND kind = 'access' AND revoked_at IS NULL AND expires_at > now()`,
      [tokenHash(token)],
    );
    return res.rows[0] ? Number(res.rows[0].user_id) : null;
  }

  /** RFC 7009: ends the session a token (access or refresh) belongs to: every token of its family. Unknown tokens are ignored. */
  async revoke(token: string): Promise<void> {
    await this.db.query(
      `UPDATE auth_tokens SET revoked_at = now() WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM auth_tokens WHERE token_hash = $1)`,
      [tokenHash(token)],
    );
  }

  async profile(userId: number): Promise<Profile> {
    const res = await this.db.query<UserRow>(`SELECT * FROM users WHERE id = $1`, [userId]);
    const u = res.rows[0];
    if (!u) throw new DomainError(404, 'not_found', 'Account not found');
    return { id: Number(u.id), firstName: u.first_name, lastName: u.last_name, email: u.email };
  }

  /** Mails a single-use reset link valid `resetTtl` when the address has an account; answers the same either way. */
  async requestPasswordReset(email: string): Promise<void> {
    const user = await this.userByEmail(email);
    if (!user) return;
    await this.db.query(`UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`, [user.id]);
    const token = await this.oneTimeToken(user.id, 'reset_password', this.settings.resetTtl);
    this.mail({
      to: user.email,
      subject: 'Reset your B-Deals password',
      text: `Hi ${user.first_name},\n\nChoose a new password here:\n${this.settings.publicUrl}/login/new-password?token=${token}\n\nThe link works once and expires in ${Math.round(this.settings.resetTtl / 60)} minutes. If you did not ask for it, you can ignore this mail; your password stays the same.`,
    });
  }

  /**
   * Sets a new password from a reset token and ends every session of the user. Throws
   * DomainError 400 `invalid_token` or `weak_password`. A reset also proves the address.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const userId = await this.useOneTimeToken(token, 'reset_password', tx);
      const user = (await tx.query<UserRow>(`SELECT * FROM users WHERE id = $1`, [userId])).rows[0]!;
      const problem = passwordProblem(password, { email: user.email, firstName: user.first_name, lastName: user.last_name });
      if (problem) throw new DomainError(400, 'weak_password', problem, [{ path: '/password', message: problem }]);
      await tx.query(`UPDATE users SET password_hash = $2, password_changed_at = now(), email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`, [
        userId,
        await hashPassword(password),
      ]);
      await tx.query(`UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    });
  }

  private async userByEmail(email: string): Promise<UserRow | null> {
    const res = await this.db.query<UserRow>(`SELECT * FROM users WHERE email = $1`, [email]);
    return res.rows[0] ? { ...res.rows[0], id: Number(res.rows[0].id) } : null;
  }

  private async oneTimeToken(userId: number, purpose: 'verify_email' | 'reset_password', ttl: number): Promise<string> {
    const token = newToken();
    await this.db.query(`INSERT INTO one_time_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
      userId,
      purpose,
      tokenHash(token),
      seconds(ttl),
    ]);
    return token;
  }

  private async useOneTimeToken(token: string, purpose: string, tx: Queryable = this.db): Promise<number> {
    const res = await tx.query<Pick<OneTimeTokenRow, 'user_id'>>(
      `UPDATE one_time_tokens SET used_at = now() WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash(token), purpose],
    );
    if (!res.rows[0]) throw new DomainError(400, 'invalid_token', 'This link is not valid any more. Ask for a new one.');
    return Number(res.rows[0].user_id);
  }

  private async recordSignIn(
    userId: number | null,
    clientId: string,
    grantType: string,
    error: string | null,
    meta: { ip: string; userAgent?: string },
    tx: Queryable = this.db,
  ): Promise<void> {
    await tx.query(`INSERT INTO sign_ins (user_id, client_id, grant_type, success, error, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      userId,
      clientId,
      grantType,
      error === null,
      error,
      meta.ip,
      meta.userAgent?.slice(0, 300) ?? null,
    ]);
  }

  /** Mail is sent in the background so the answer's timing does not tell whether an address has an account. */
  private mail(message: { to: string; subject: string; text: string }): void {
    this.mailer.send(message).catch(this.onMailError);
  }
}
