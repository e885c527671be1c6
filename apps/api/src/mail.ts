/**
 * Outgoing mail (issue 4 §5): nodemailer over SMTP when SMTP_URL is set; otherwise (the
 * embedded default) each message goes to the `outbox` table and a log line carries its link, so
 * sign-up and password reset work with no mail server.
 */
import nodemailer from 'nodemailer';
import type { Queryable } from '@b-deals/db';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Message-ID (RFC 5322 §3.6.4, with its angle brackets) when the caller needs a stable one: alert
   * mails use it as their idempotency key, so a receiver can tell a retry from a new message.
   */
  messageId?: string;
  /** Extra header fields, e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  headers?: Record<string, string>;
}

/** Sends one message. Rejects when the SMTP server refuses it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The mailer for this configuration: SMTP when `smtpUrl` is set, else the outbox table. */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: Queryable; log: { info(obj: object, msg: string): void } }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId, headers: m.headers });
      },
    };
  }
  return {
    async send(m) {
      const headers = m.messageId || m.headers ? { ...(m.messageId ? { 'Message-ID': m.messageId } : {}), ...m.headers } : null;
      await opts.db.query(`INSERT INTO outbox ("to", subject, text, html, headers) VALUES ($1, $2, $3, $4, $5)`, [
        m.to,
        m.subject,
        m.text,
        m.html ?? null,
        headers ? JSON.stringify(headers) : null,
      ]);
      const link = m.text.match(/https?:\/\/\S+/)?.[0];
      opts.log.info({ to: m.to, subject: m.subject, link }, `mail kept in the outbox (no SMTP_URL)${link ? `: ${link}` : ''}`);
    },
  };
}
