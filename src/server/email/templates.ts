// Renders an order email's HTML part with MJML (responsive markup mail clients understand) and
// its plain-text alternative, from the same content. Every string in the content is escaped on its
// way into the markup here, in one place: names, addresses and part names are typed by customers
// and admins.
import { escape } from 'html-escaper';
import type { EmailKind } from '../../shared/emails';
import { orderEmailContent, type OrderEmailContent, type OrderEmailData } from './order-email';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const SHOP_NAME = 'Sprocket';

/**
 * MJML takes about 64 MB once loaded, so it is loaded on the first render: only the processes that
 * send email (ROLE worker or all) ever pay for it, and a web process starts without it.
 */
const loadMjml = () => import('mjml');
let loadingMjml: ReturnType<typeof loadMjml> | undefined;

export async function renderOrderEmail(kind: EmailKind, order: OrderEmailData): Promise<RenderedEmail> {
  const content = orderEmailContent(kind, order);
  // Strict: a mistake in the markup fails the render (and so the test) instead of mailing it.
  const { default: mjml2html } = await (loadingMjml ??= loadMjml());
  const { html } = await mjml2html(markup(content), { validationLevel: 'strict' });
  return { subject: content.subject, html, text: plainText(content) };
}

function markup(content: OrderEmailContent): string {
  const paragraphs = content.paragraphs.map((paragraph) => `<mj-text>${escape(paragraph)}</mj-text>`).join('\n');
  const rows = content.details
    .map(([label, value]) => `<tr><th align="left" style="padding:4px 12px 4px 0">${escape(label)}</th><td>${escape(value)}</td></tr>`)
    .join('\n');
  // A system font stack: MJML's default font would link Google Fonts into every email.
  return `<mjml>
  <mj-head>
    <mj-title>${escape(content.subject)}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#1f2937" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="13px" color="#6b7280">${SHOP_NAME}</mj-text>
        <mj-text font-size="22px" font-weight="bold">${escape(content.heading)}</mj-text>
        ${paragraphs}
        <mj-table>${rows}</mj-table>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

function plainText(content: OrderEmailContent): string {
  const width = Math.max(...content.details.map(([label]) => label.length));
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...content.details.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    '',
    `— ${SHOP_NAME}`,
    '',
  ].join('\n');
}
