/**
 * The favourites domain's e-mails (issue 14 §4–§7), written with React Email and rendered to
 * HTML plus a plain-text part: the discount subscription's confirmation, the price-drop alert
 * (one mail a shopper a day, every alert of that mail in it) and the weekly discount digest.
 * Every mail of a subscription carries its unsubscribe link in the body and the RFC 8058 headers
 * (`List-Unsubscribe` with the one-click POST URL, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`).
 *
 * Links are absolute, on the storefront's public origin (`publicUrl`); amounts are US cents,
 * formatted here at the edge (core `formatPrice`).
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';
import { formatPrice, productHref } from '@b-deals/core';
import type { MailMessage } from '../mail.ts';

/** Where mail links point: the storefront's public origin, e.g. `https://b-deals.example`. */
export interface MailLinks {
  publicUrl: string;
}

/** RFC 8058 headers and the body's unsubscribe link of a subscription's mail. */
export function unsubscribeParts(links: MailLinks, token: string): { url: string; headers: Record<string, string> } {
  const t = encodeURIComponent(token);
  return {
    url: `${links.publicUrl}/unsubscribe/?token=${t}`,
    headers: {
      'List-Unsubscribe': `<${links.publicUrl}/inventory/api/v1/mail/one-click-unsubscribe?token=${t}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const absolute = (links: MailLinks, url: string) => (/^https?:\/\//.test(url) ? url : `${links.publicUrl}${url.startsWith('/') ? '' : '/'}${url}`);

const text = { color: '#1c1917', fontSize: '15px', lineHeight: '22px' } as const;
const muted = { color: '#57534e', fontSize: '13px', lineHeight: '20px' } as const;

function Layout({ preview, children, footer }: { preview: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f5f5f4', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '12px', maxWidth: '560px', padding: '24px' }}>
          <Text style={{ color: '#c2410c', fontSize: '20px', fontWeight: 700, margin: '0 0 16px' }}>B-Deals</Text>
          {children}
          <Hr style={{ borderColor: '#e7e5e4', margin: '24px 0 12px' }} />
          {footer}
        </Container>
      </Body>
    </Html>
  );
}

async function toMessage(to: string, subject: string, element: ReactNode, extra: Pick<MailMessage, 'headers' | 'messageId'> = {}): Promise<MailMessage> {
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { to, subject, html, text: plain, ...extra };
}

/** The double opt-in mail of the discount subscription: a link to confirm (valid 7 days). Nothing else is sent before it is used. */
export function subscriptionConfirmMail(links: MailLinks, to: string, token: string): Promise<MailMessage> {
  const url = `${links.publicUrl}/subscription/confirm/?token=${encodeURIComponent(token)}`;
  return toMessage(
    to,
    'Confirm your B-Deals discount e-mails',
    <Layout
      preview="Confirm that you want the weekly B-Deals discount e-mail."
      footer={<Text style={muted}>If you did not ask for this, ignore this mail: without confirmation you will get nothing from us.</Text>}
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        Confirm your subscription
      </Heading>
      <Text style={text}>Someone (we hope you) asked to get the B-Deals weekly e-mail of the best real discounts at this address.</Text>
      <Button href={url} style={{ backgroundColor: '#c2410c', borderRadius: '8px', color: '#ffffff', fontWeight: 600, padding: '12px 20px' }}>
        Confirm my subscription
      </Button>
      <Text style={muted}>
        Or open this link: <Link href={url}>{url}</Link>
      </Text>
    </Layout>,
  );
}

/** Sent once a discount subscription is confirmed: what comes and when, and the one-click way out. */
export function subscribedMail(links: MailLinks, to: string, unsubscribeToken: string): Promise<MailMessage> {
  const unsub = unsubscribeParts(links, unsubscribeToken);
  return toMessage(
    to,
    'You are subscribed to B-Deals discount e-mails',
    <Layout
      preview="One e-mail a week with the best real discounts."
      footer={
        <Text style={muted}>
          Changed your mind? <Link href={unsub.url}>Unsubscribe</Link> with one click.
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        You are subscribed
      </Heading>
      <Text style={text}>Once a week we send the best real discounts: only sales whose was-price we checked against the prices we observed.</Text>
    </Layout>,
    { headers: unsub.headers },
  );
}

/** One alert of a price-alert mail. Cents. */
export interface AlertLine {
  productId: number;
  productSlug: string;
  productName: string;
  imageUrl: string | null;
  rule: 'target' | 'drop';
  priceCents: number;
  thresholdCents: number;
  merchantName: string;
  size: string | null;
}

const alertReason = (a: AlertLine) =>
  a.rule === 'target'
    ? `${formatPrice(a.priceCents)} at ${a.merchantName}${a.size ? ` in size ${a.size}` : ''}, at or below your target of ${formatPrice(a.thresholdCents)}.`
    : `${formatPrice(a.priceCents)} at ${a.merchantName}${a.size ? ` in size ${a.size}` : ''}, down from ${formatPrice(a.thresholdCents)} (−${Math.round((1 - a.priceCents / a.thresholdCents) * 100)}%).`;

/**
 * The day's price-alert mail of one shopper: every pending alert, cheapest drop first as given.
 * `messageId` is the alert mail's idempotency key (alert_mails.message_id).
 */
export function priceAlertMail(
  links: MailLinks,
  m: { to: string; firstName: string; alerts: readonly AlertLine[]; unsubscribeToken: string; messageId: string },
): Promise<MailMessage> {
  const unsub = unsubscribeParts(links, m.unsubscribeToken);
  const first = m.alerts[0]!;
  const subject =
    m.alerts.length === 1 ? `Price drop: ${first.productName} is now ${formatPrice(first.priceCents)}` : `Price drops on ${m.alerts.length} products you saved`;
  return toMessage(
    m.to,
    subject,
    <Layout
      preview={alertReason(first)}
      footer={
        <Text style={muted}>
          You get this because you saved these products in B-LOVED. Prices were observed in the merchants&apos; latest feeds and can change at any time.{' '}
          <Link href={unsub.url}>Stop price-drop e-mails</Link> · <Link href={`${links.publicUrl}/collection/`}>Manage B-LOVED</Link>
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        Hi {m.firstName}, prices dropped
      </Heading>
      {m.alerts.map((a) => {
        const href = absolute(links, productHref(a.productSlug, a.productId));
        return (
          <Section key={`${a.productId}-${a.size ?? ''}`} style={{ borderTop: '1px solid #e7e5e4', padding: '12px 0' }}>
            {a.imageUrl ? (
              <Img src={absolute(links, a.imageUrl)} alt="" width="96" height="96" style={{ borderRadius: '8px', float: 'left', marginRight: '12px' }} />
            ) : null}
            <Text style={{ ...text, fontWeight: 600, margin: '0 0 4px' }}>
              <Link href={href}>{a.productName}</Link>
            </Text>
            <Text style={{ ...text, margin: 0 }}>{alertReason(a)}</Text>
          </Section>
        );
      })}
    </Layout>,
    { messageId: m.messageId, headers: unsub.headers },
  );
}

/** One product of the weekly digest. Cents; `referencePriceCents` is the lowest price of the 30 days before the sale that we observed. */
export interface DigestLine {
  productId: number;
  productSlug: string;
  productName: string;
  imageUrl: string | null;
  priceCents: number;
  wasPriceCents: number;
  discountPct: number;
}

/** The weekly digest of the best real discounts (was-prices we verified against observed history). */
export function discountDigestMail(links: MailLinks, m: { to: string; products: readonly DigestLine[]; unsubscribeToken: string }): Promise<MailMessage> {
  const unsub = unsubscribeParts(links, m.unsubscribeToken);
  return toMessage(
    m.to,
    `This week's best real discounts: up to ${Math.max(...m.products.map((p) => p.discountPct))}% off`,
    <Layout
      preview="Discounts whose was-price we checked against the prices we observed."
      footer={
        <Text style={muted}>
          You get this because you subscribed to B-Deals discount e-mails. <Link href={unsub.url}>Unsubscribe</Link>
        </Text>
      }
    >
      <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
        This week&apos;s best real discounts
      </Heading>
      <Text style={muted}>Every discount below was checked: the was-price is no higher than the lowest price we saw in the 30 days before the sale.</Text>
      {m.products.map((p) => (
        <Section key={p.productId} style={{ borderTop: '1px solid #e7e5e4', padding: '12px 0' }}>
          {p.imageUrl ? (
            <Img src={absolute(links, p.imageUrl)} alt="" width="96" height="96" style={{ borderRadius: '8px', float: 'left', marginRight: '12px' }} />
          ) : null}
          <Text style={{ ...text, fontWeight: 600, margin: '0 0 4px' }}>
            <Link href={absolute(links, productHref(p.productSlug, p.productId))}>{p.productName}</Link>
          </Text>
          <Text style={{ ...text, margin: 0 }}>
            {formatPrice(p.priceCents)} <span style={{ color: '#78716c', textDecoration: 'line-through' }}>{formatPrice(p.wasPriceCents)}</span> −
            {p.discountPct}%
          </Text>
        </Section>
      ))}
    </Layout>,
    { headers: unsub.headers },
  );
}
