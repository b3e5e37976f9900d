// What an email of the shop says, as plain strings, whatever it is about: templates.ts makes its
// HTML part and its text part from the same content, so the two always tell the same thing.

export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows: the order's details, or the receipt; none for an account email. */
  details: Array<[label: string, value: string]>;
  /** Where the email leads, into the shop: a button in the HTML part, the address in the text part. */
  action: { label: string; url: string };
}
