/** Test helper: a signed-in shopper made through the real account flow (sign-up, the e-mailed verification link from the outbox, the RFC 6749 password grant). */
import type { FastifyInstance } from 'fastify';
import type { Database } from '@b-deals/db';

/** The OAuth client the favourites tests register. */
export const TEST_CLIENT = { id: 'b-deals-web', secret: 'test-web-secret-0123456789' };

/**
 * Signs `email` up, verifies it through the link kept in the outbox (the app must have no SMTP
 * URL), signs in and resolves to the bearer header value and the user id.
 */
export async function signedInShopper(
  app: FastifyInstance,
  db: Database,
  email: string,
  firstName = 'Ada',
): Promise<{ authorization: string; userId: number }> {
  const password = 'correct horse battery staple';
  const up = await app.inject({ method: 'POST', url: '/user/api/v1/signup', payload: { email, password, firstName, lastName: 'Lovelace' } });
  if (up.statusCode !== 202) throw new Error(`sign-up failed: ${up.body}`);
  // The verification mail is sent after the answer: wait for it to reach the outbox.
  let mail: { text: string } | undefined;
  for (const deadline = Date.now() + 10_000; !mail && Date.now() < deadline;) {
    mail = (await db.query<{ text: string }>(`SELECT text FROM outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1`, [email])).rows[0];
    if (!mail) await new Promise((r) => setTimeout(r, 20));
  }
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
  await app.inject({ method: 'POST', url: '/user/api/v1/signup/verification', payload: { token } });
  const form = new URLSearchParams({ grant_type: 'password', username: email, password });
  const res = await app.inject({
    method: 'POST',
    url: '/user/oauth/token',
    payload: form.toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${TEST_CLIENT.id}:${TEST_CLIENT.secret}`).toString('base64')}`,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const userId = (await db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [email])).rows[0]!.id;
  return { authorization: `Bearer ${res.json().access_token}`, userId };
}
