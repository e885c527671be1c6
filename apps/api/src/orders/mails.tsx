/**
 * The order confirmation mail (issue 15 §5), React Email rendered to HTML and text. In test mode
 * it says so at the top: no money moved and nothing will ship. Amounts are cents, formatted here.
 */
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { formatPrice, productHref } from '@b-deals/core';
import type { Order } from '@b-deals/contracts';
import type { MailMessage } from '../mail.ts';

const text = { color: '#1c1917', fontSize: '15px', lineHeight: '22px', margin: '4px 0' } as const;
const muted = { color: '#57534e', fontSize: '13px', lineHeight: '20px' } as const;

/** The confirmation of a paid order, to its contact address. `publicUrl` is the storefront's origin. */
export async function orderConfirmationMail(publicUrl: string, order: Order): Promise<MailMessage> {
  const item = order.items[0]!;
  const a = order.shippingAddress;
  const el = (
    <Html lang="en">
      <Head />
      <Preview>{`Order ${order.number}: ${item.productName}`}</Preview>
      <Body style={{ backgroundColor: '#f5f5f4', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '12px', maxWidth: '560px', padding: '24px' }}>
          <Text style={{ color: '#c2410c', fontSize: '20px', fontWeight: 700, margin: '0 0 16px' }}>B-Deals</Text>
          {order.payment.testMode ? (
            <Text style={{ backgroundColor: '#fef3c7', borderRadius: '8px', color: '#78350f', fontWeight: 600, padding: '8px 12px' }}>
              TEST MODE: this order was paid with a test card. No money moved and nothing will be shipped.
            </Text>
          ) : null}
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 12px' }}>
            Thank you for your order {order.number}
          </Heading>
          <Section>
            <Text style={{ ...text, fontWeight: 600 }}>
              <Link href={`${publicUrl}${productHref(item.productSlug, item.productId)}`}>{item.productName}</Link>
            </Text>
            <Text style={text}>
              {item.quantity} × {formatPrice(item.unitPrice)} from {item.merchant.name}
              {item.size ? `, size ${item.size}` : ''}
              {item.color ? `, ${item.color}` : ''}
            </Text>
          </Section>
          <Hr style={{ borderColor: '#e7e5e4' }} />
          <Text style={text}>Subtotal: {formatPrice(order.subtotal)}</Text>
          <Text style={text}>Shipping: {formatPrice(order.shipping)}</Text>
          <Text style={text}>Estimated sales tax: {formatPrice(order.taxEstimate)}</Text>
          <Text style={{ ...text, fontWeight: 700 }}>Total: {formatPrice(order.total)}</Text>
          <Hr style={{ borderColor: '#e7e5e4' }} />
          <Text style={text}>
            Ships to {a.firstName} {a.lastName}, {a.line1}
            {a.line2 ? `, ${a.line2}` : ''}, {a.city}, {a.state} {a.zip}
          </Text>
          <Text style={muted}>
            {item.merchant.name} ships the order; we pass it on and tell you when it ships. Your orders:{' '}
            <Link href={`${publicUrl}/order/`}>{`${publicUrl}/order/`}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
  const [html, plain] = await Promise.all([render(el), render(el, { plainText: true })]);
  return { to: order.contactEmail, subject: `${order.payment.testMode ? '[TEST MODE] ' : ''}Your B-Deals order ${order.number}`, html, text: plain };
}
