/** A real SMTP server on loopback for the API's mail tests (test helper): it keeps what it receives, parsed. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received message: recipient, subject, text and HTML parts, Message-ID, and every header line as sent (lower-case names → value). */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, string>;
}

/**
 * Starts the server on a free loopback port. `linkIn(to, subject)` waits (event-driven, up to
 * 10 s) for the next mail to `to` whose subject matches, takes it off the list and returns the
 * first link of its text part.
 */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream).then((m) => {
        const to = Array.isArray(m.to) ? m.to[0]?.text : m.to?.text;
        mails.push({
          to: to ?? '',
          subject: m.subject ?? '',
          text: m.text ?? '',
          html: typeof m.html === 'string' ? m.html : '',
          messageId: m.messageId ?? '',
          headers: new Map(m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
        });
        waiters.splice(0).forEach((w) => w());
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  /** Resolves with the next mail to `to` whose subject matches (removed from `mails`), or rejects after 10 s. */
  const next = async (to: string, subject: RegExp): Promise<ReceivedMail> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const m = mails.find((x) => x.to.includes(to) && subject.test(x.subject));
      if (m) {
        mails.splice(mails.indexOf(m), 1);
        return m;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
  };
  const linkIn = async (to: string, subject: RegExp): Promise<string> => (await next(to, subject)).text.match(/https?:\/\/\S+/)![0];
  return { url: `smtp://127.0.0.1:${port}`, mails, next, linkIn, close: () => new Promise<void>((r) => server.close(() => r())) };
}
