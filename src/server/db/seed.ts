// Seeds the demo data into an empty database (first embedded start, or the catalogue alone by
// `npm run bootstrap`) and the demo accounts into an emulated identity provider.
import { count } from 'drizzle-orm';
import type { IdentityProvider } from '../identity/identity-provider';
import type { Database } from './database';
import { seedDemoCategories } from './demo-categories';
import { seedDemoCommerce } from './demo-commerce';
import { seedDemoBike, seedDemoCompatibility } from './demo-fits';
import { seedDemoPartPages } from './demo-part-pages';
import { DEMO_PASSWORD, demoAccounts, demoReviews, demoTools } from './demo-data';
import { tieDemoReviewsToParts } from './demo-reviews';
import { seedDemoVariants } from './demo-variants';
import { reviews, tools, users } from './schema';

/** Inserts the demo catalogue, reviews, accounts and the demo customer's bike unless the database already has parts. */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await insertDemoCatalogue(tx))) return false;
    await tx
      .insert(users)
      .values(demoAccounts.map(({ email, displayName, role }) => ({ email, displayName, role })))
      .onConflictDoNothing();
    await seedDemoBike(tx);
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
  await seedDemoCategories(tx);
  await seedDemoCompatibility(tx);
  await seedDemoPartPages(tx);
  await tx.insert(reviews).values(demoReviews.map(({ name, img, rating, text }) => ({ name, img, rating, text })));
  await tieDemoReviewsToParts(tx);
  await seedDemoCommerce(tx);
  // Last: the steps above find the demo parts by name, which their variants share.
  await seedDemoVariants(tx);
  return true;
}

/**
 * Ties the reviews of a demo seeded before reviews named parts to their parts; none when there are
 * none left to tie, so it is safe on every embedded start.
 */
export async function tieSeededDemoReviews(db: Database): Promise<number> {
  return db.transaction((tx) => tieDemoReviewsToParts(tx));
}

/** Creates the demo sign-in accounts in the identity emulator; safe to call on every start. */
export async function seedDemoAccounts(identity: IdentityProvider): Promise<void> {
  for (const account of demoAccounts) {
    await identity.ensureUser({ email: account.email, password: DEMO_PASSWORD, displayName: account.displayName });
  }
}
