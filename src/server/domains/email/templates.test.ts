// The emails as a customer reads them: an HTML part and a plain-text alternative telling the same
// thing, with whatever a customer or admin typed shown as text, never as markup. Order emails to an
// address not verified carry the order number and a link into the shop, and nothing a person typed.
import { describe, expect, it } from 'vitest';
import { accountEmailKinds } from '../../../shared/account-links';
import { orderEmailKinds, type OrderEmailKind } from '../../../shared/emails';
import { accountEmailContent } from './account-email';
import { orderEmailContent, type OrderEmailData } from './order-email';
import { renderEmail } from './templates';

const SHOP_URL = 'https://shop.example';

/** The order email as a verified address receives it, unless `detailed` says otherwise. */
function renderOrderEmail(kind: OrderEmailKind, data: OrderEmailData, detailed = true) {
  return renderEmail(orderEmailContent(kind, data, { detailed, shopUrl: SHOP_URL }));
}

const order: OrderEmailData = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  orderNumber: 1042,
  toolName: 'Quill stem',
  personName: 'Ada Lovelace',
  phone: '+1 555 0100',
  address: '1 Chainring Road, Portland',
  quantity: 4,
  unitPriceCents: 1250,
  totalCents: 5000,
  transactionId: 'pi_3Abc',
  paidAt: new Date('2026-11-24T09:30:00Z'),
};

describe('order emails', () => {
  it('tell the booking with its order, quantity, total and delivery address in both parts', async () => {
    const email = await renderOrderEmail('booking', { ...order, transactionId: null, paidAt: null });
    expect(email.subject).toBe('Your booking of Quill stem');
    for (const part of [email.html, email.text]) {
      for (const fact of ['Hello Ada Lovelace,', order.id, '4 × $12.50', '$50.00', '1 Chainring Road, Portland', '+1 555 0100']) {
        expect(part).toContain(fact);
      }
    }
    expect(email.html).toMatch(/^<!doctype html>/i);
  });

  it('make the payment email a receipt: total paid, transaction id and date', async () => {
    const email = await renderOrderEmail('payment_received', order);
    expect(email.subject).toBe('Payment received for Quill stem');
    expect(email.text).toMatch(/Paid:\s+\$50\.00/);
    expect(email.text).toMatch(/Transaction id:\s+pi_3Abc/);
    expect(email.text).toMatch(/Paid on:\s+Nov 24, 2026, 9:30 AM UTC/);
    expect(email.html).toContain('pi_3Abc');
  });

  it('say what happened for shipped, cancelled, expired and refunded orders', async () => {
    const said = {
      shipped: 'is on its way',
      cancelled: 'was cancelled before it was paid. Nothing was charged.',
      expired: 'was not paid in time',
      refunded: 'We have refunded your payment of $50.00',
    } as const;
    for (const [kind, sentence] of Object.entries(said) as Array<[keyof typeof said, string]>) {
      const email = await renderOrderEmail(kind, order);
      expect(email.text, kind).toContain(sentence);
      expect(email.html, kind).toContain(sentence);
    }
  });

  it('render every kind with a subject, an HTML part and a text part', async () => {
    for (const kind of orderEmailKinds) {
      const email = await renderOrderEmail(kind, order);
      expect(email.subject, kind).toContain('Quill stem');
      expect(email.text, kind).toContain('Quill stem');
      expect(email.html, kind).toContain('Quill stem');
    }
  });

  it('escape markup typed into names and addresses in the HTML and keep it as typed in the text', async () => {
    const hostile = {
      ...order,
      personName: '<script>alert("name")</script>',
      address: '<img src=x onerror=alert(1)> & Co',
      toolName: 'Stem <b>bold</b>',
    };
    for (const kind of orderEmailKinds) {
      const email = await renderOrderEmail(kind, hostile);
      expect(email.html, kind).not.toMatch(/<script|<img|<b>/i);
      expect(email.html, kind).toContain('Stem &lt;b&gt;bold&lt;/b&gt;');
      expect(email.text, kind).toContain('Stem <b>bold</b>');
    }
    const booking = await renderOrderEmail('booking', hostile);
    expect(booking.html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(booking.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(booking.text).toContain('Hello <script>alert("name")</script>,');
    expect(booking.text).toContain('<img src=x onerror=alert(1)> & Co');
  });

  it('keep text that looks like a slot of the layout, or a replacement pattern, as typed, where it was typed', async () => {
    const email = await renderOrderEmail('booking', {
      ...order,
      toolName: 'Stem "{{details}}"',
      personName: "Ada $& $' {{paragraphs}}",
    });
    // The subject fills the title and, through MJML, the body's aria-label attribute: quotes stay inside it.
    expect(email.html).toContain('<title>Your booking of Stem &quot;{{details}}&quot;</title>');
    expect(email.html).toContain('aria-label="Your booking of Stem &quot;{{details}}&quot;"');
    expect(email.html).toContain('Hello Ada $&amp; $&#39; {{paragraphs}},');
    // A slot filled twice would add rows: the HTML has exactly the detail rows the text part lists.
    expect(email.html.match(/<th /g)).toHaveLength(email.text.match(/^\S[^\n]*:\s/gm)?.length ?? 0);
  });

  it('link every order email into the customer’s orders at the shop, as a button and as an address', async () => {
    for (const kind of orderEmailKinds) {
      for (const detailed of [true, false]) {
        const email = await renderOrderEmail(kind, order, detailed);
        expect(email.html, kind).toContain(`<a href="${SHOP_URL}/dashboard"`);
        expect(email.text, kind).toContain(`View your orders\n${SHOP_URL}/dashboard\n`);
      }
    }
  });
});

describe('order emails to an address not verified', () => {
  // What a stranger might type as their name, phone and address to mail phishing through the shop.
  const typedByAStranger: OrderEmailData = {
    ...order,
    personName: 'Your account is locked: sign in at https://evil.example/login',
    phone: '<a href="https://evil.example/pay">Pay now</a>',
    address: 'Call +1 555 0199 or visit <b>evil.example</b> to claim your refund',
  };
  const typed = ['evil.example', 'locked', 'Pay now', 'claim your refund', '555 0199'];

  it('carry the order number and the link into the shop, and none of the typed name, phone or address', async () => {
    const email = await renderOrderEmail('booking', typedByAStranger, false);
    expect(email.subject).toBe('Your Sprocket order #1042 is booked');
    for (const part of [email.subject, email.html, email.text]) {
      for (const text of typed) expect(part).not.toContain(text);
    }
    for (const part of [email.html, email.text]) {
      expect(part).toContain('#1042');
      expect(part).toContain(`${SHOP_URL}/dashboard`);
    }
    // The full email carries all of it, escaped in the HTML.
    const full = await renderOrderEmail('booking', typedByAStranger, true);
    expect(full.text).toContain('Hello Your account is locked: sign in at https://evil.example/login,');
    expect(full.text).toContain('<a href="https://evil.example/pay">Pay now</a>');
    expect(full.html).toContain('&lt;a href=&quot;https://evil.example/pay&quot;&gt;Pay now&lt;/a&gt;');
    expect(full.html).toContain('Call +1 555 0199 or visit &lt;b&gt;evil.example&lt;/b&gt; to claim your refund');
  });

  it('leave out every typed text and the part, quantity and money for every kind, and say how to get the details', async () => {
    for (const kind of orderEmailKinds) {
      const email = await renderOrderEmail(kind, typedByAStranger, false);
      for (const part of [email.subject, email.html, email.text]) {
        for (const text of [...typed, 'Quill stem', '$50.00', order.id, 'pi_3Abc']) expect(part, kind).not.toContain(text);
        expect(part, kind).toContain('#1042');
      }
      expect(email.text, kind).toContain('Once you verify your email address from My Profile, these emails show the details too.');
    }
  });
});

describe('account emails', () => {
  it('link to the shop’s own page with the one-time code, name nobody, and say what to do if unasked', async () => {
    const code = 'oob+code/with=odd&chars';
    const pages = { verify_email: '/verify-email', password_reset: '/reset-password' } as const;
    for (const kind of accountEmailKinds) {
      const email = await renderEmail(accountEmailContent(kind, code, SHOP_URL));
      const link = `${SHOP_URL}${pages[kind]}?code=${encodeURIComponent(code)}`;
      expect(email.text, kind).toContain(`\n${link}\n`);
      expect(email.html, kind).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      expect(email.text, kind).toMatch(/ignore this email/);
      expect(email.html, kind).not.toContain('<th ');
    }
    const verify = await renderEmail(accountEmailContent('verify_email', code, SHOP_URL));
    expect(verify.subject).toBe('Verify your email address for Sprocket');
    const reset = await renderEmail(accountEmailContent('password_reset', code, SHOP_URL));
    expect(reset.subject).toBe('Reset your Sprocket password');
  });
});
