// The embedded mail catcher's inbox, read through its REST API as a developer reads the inbox linked
// from the startup banner: the emails sent to an address, one awaited by its subject (the sender
// delivers every few seconds), and the links they carry into the shop.
import { expect, inject } from 'vitest';

export interface CaughtEmail {
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
}

/** Every email the catcher holds for the address, oldest first. */
export async function inboxOf(address: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${inject('mailInboxUrl')}/api/email`);
  const emails = (await response.json()) as CaughtEmail[];
  return emails.filter((email) => email.to.some((to) => to.address === address.toLowerCase()));
}

/** Waits until `count` emails with this subject reached the address, and answers the last of them. */
export async function emailTo(address: string, subject: string, count = 1): Promise<CaughtEmail> {
  const withSubject = async () => (await inboxOf(address)).filter((email) => email.subject === subject);
  await expect.poll(async () => (await withSubject()).length, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(count);
  return (await withSubject()).at(-1)!;
}

/** The email's link to one of the shop's pages (`/reset-password`), as its text part shows it. */
export function linkIn(email: CaughtEmail, path: string): string {
  const link = new RegExp(`^${inject('baseUrl').replaceAll('.', '\\.')}${path}\\?\\S+$`, 'm').exec(email.text)?.[0];
  if (!link) throw new Error(`no link to ${path} in "${email.subject}":\n${email.text}`);
  return link;
}
