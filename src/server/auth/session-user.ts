// Who a valid session belongs to, as read from the database on every request (context.ts): the
// caller that procedures check and services act for.
import type { Role } from '../../shared/users';

export interface SessionUser {
  id: string;
  email: string;
  /** Whether the identity provider vouched for the email at the last sign-in. */
  emailVerified: boolean;
  role: Role;
  displayName: string | null;
  photoUrl: string | null;
}
