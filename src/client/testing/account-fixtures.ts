// The signed-in customer's own account as users.me returns it, for the tests of what depends on it.
import type { RouterOutputs } from '../lib/trpc';
import { customer } from './api-test-harness';

type Me = RouterOutputs['users']['me'];

/** The harness's customer, its email verified or not. */
export function customerAccount({ emailVerified }: { emailVerified: boolean }): Me {
  return {
    _id: 'c0000000-0000-4000-8000-000000000001',
    email: customer.user!.email,
    emailVerified,
    displayName: customer.user!.displayName,
    photoURL: null,
    role: 'user',
    phone: null,
    address: null,
    companyName: null,
    vatId: null,
  };
}
