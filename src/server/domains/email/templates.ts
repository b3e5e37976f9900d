// Renders an email's HTML part and its plain-text alternative from the same content. The HTML is
// one layout written in MJML (responsive markup mail clients understand), compiled once per
// process, with each email's content filled into its slots. Every string in the content is escaped
// on its way into the markup here, in one place: names, addresses and part names are typed by
// customers and admins.
import { escape } from 'html-escaper';
import { compileMjml } from './compile-mjml';
import type { EmailContent } from './email-content';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** Files sent with it: a paid order's invoice. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const SHOP_NAME = 'Sprocket';

type Slot = 'subject' | 'heading' | 'paragraphs' | 'details' | 'action';

/**
 * The layout, with a {{slot}} where each email's content goes; mj-title, mj-text and mj-table keep
 * what they hold as it is, so the slots come out of MJML unchanged. MJML also copies the title into
 * the body's aria-label attribute, so {{subject}} stands twice, once inside quotes: html-escaper
 * escapes quotes too. A system font stack: MJML's default font would link Google Fonts into every
 * email.
 */
const LAYOUT = `<mjml>
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /><mj-text font-size="15px" line-height="22px" color="#1f2937" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="13px" color="#6b7280">${SHOP_NAME}</mj-text>
        <mj-text font-size="22px" font-weight="bold">{{heading}}</mj-text>
        <mj-text>{{paragraphs}}</mj-text>
        <mj-table>{{details}}</mj-table>
        <mj-text>{{action}}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const SLOT = /\{\{(subject|heading|paragraphs|details|action)\}\}/g;

/** The compiled layout: one string of about 5 KB for the life of the process, compiled on the first email. */
let compiledLayout: Promise<string> | undefined;

function layout(): Promise<string> {
  compiledLayout ??= compileMjml(LAYOUT).catch((error: unknown) => {
    // Not kept: the next email compiles again (and the outbox retries this one).
    compiledLayout = undefined;
    throw error;
  });
  return compiledLayout;
}

export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const slots = slotMarkup(content);
  // One pass over the layout: what goes into a slot is never searched for slots itself, so a name
  // typed as "{{details}}" stays that text.
  const html = (await layout()).replace(SLOT, (_, slot: Slot) => slots[slot]);
  return { subject: content.subject, html, text: plainText(content) };
}

/** The link as a button; its address is the shop's own (SHOP_URL), escaped like everything else. */
const BUTTON_STYLE =
  'display:inline-block;padding:10px 18px;border-radius:6px;background:#1f2937;color:#ffffff;font-weight:bold;text-decoration:none';

function slotMarkup(content: EmailContent): Record<Slot, string> {
  return {
    subject: escape(content.subject),
    heading: escape(content.heading),
    // The space MJML puts between two of its blocks (10px of padding each side), between paragraphs only.
    paragraphs: content.paragraphs
      .map((paragraph, index) => `<p style="margin:${index === 0 ? 0 : 20}px 0 0">${escape(paragraph)}</p>`)
      .join('\n'),
    // Labels wrap (an order's lines are labels, part names can be long) and take at most about half
    // the width, so on a phone the values keep room to stay whole.
    details: content.details
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;width:45%">${escape(label)}</th><td valign="top" style="padding:4px 0">${escape(value)}</td></tr>`,
      )
      .join('\n'),
    action: `<a href="${escape(content.action.url)}" style="${BUTTON_STYLE}">${escape(content.action.label)}</a>`,
  };
}

function plainText(content: EmailContent): string {
  const width = Math.max(0, ...content.details.map(([label]) => label.length));
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...content.details.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`),
    ...(content.details.length > 0 ? [''] : []),
    content.action.label,
    content.action.url,
    '',
    `— ${SHOP_NAME}`,
    '',
  ].join('\n');
}
