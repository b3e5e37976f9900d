// The order emails as a customer reads them: an HTML part and a plain-text alternative telling the
// same thing, with whatever a customer or admin typed shown as text, never as markup.
import { describe, expect, it } from 'vitest';
import { emailKinds } from '../../shared/emails';
import type { OrderEmailData } from './order-email';
import { renderOrderEmail } from './templates';

const order: OrderEmailData = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
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
    for (const kind of emailKinds) {
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
    for (const kind of emailKinds) {
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
});
