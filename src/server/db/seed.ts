// Seeds the demo data into an empty database (first embedded start, or the catalogue alone by
// `npm run bootstrap`) and the demo accounts into an emulated identity provider.
import { count } from 'drizzle-orm';
import type { IdentityProvider } from '../identity/identity-provider';
import type { Database } from './database';
import { seedDemoCommerce } from './demo-commerce';
import { DEMO_PASSWORD, demoAccounts, demoReviews, demoTools } from './demo-data';
import { reviews, tools, users } from './schema';

/** Inserts the demo catalogue, reviews and accounts unless the database already has parts. */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await insertDemoCatalogue(tx))) return false;
    await tx
      .insert(users)
      .values(demoAccounts.map(({ email, displayName, role }) => ({ email, displayName, role })))
      .onConflictDoNothing();
    return true;
  });
}

/**
 * Inserts the demo catalogue and its reviews, without the demo accounts, unless the database
 * already has parts (`npm run bootstrap -- --demo-catalogue` on a real database).
 */
export async function seedDemoCatalogue(db: Database): Promise<boolean> {
  return db.transaction((tx) => insertDemoCatalogue(tx));
}

async function insertDemoCatalogue(tx: Database): Promise<boolean> {
  const [existing] = await tx.select({ parts: count() }).from(tools);
  if ((existing?.parts ?? 0) > 0) return false;
  await tx.insert(tools).values([...demoTools]);
  await tx.insert(reviews).values([...demoReviews]);
  await seedDemoCommerce(tx);
  return true;
}

/** Creates the demo sign-in accounts in the identity emulator; safe to call on every start. */
export async function seedDemoAccounts(identity: IdentityProvider): Promise<void> {
  for (const account of demoAccounts) {
    await identity.ensureUser({ email: account.email, password: DEMO_PASSWORD, displayName: account.displayName });
  }
}
