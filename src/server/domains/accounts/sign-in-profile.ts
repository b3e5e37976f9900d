// The display name and photo the shop keeps from the identity provider's record at a sign-in: the
// name must be one the shop can show as typed, and the photo is kept only from Google's avatar hosts.
import { TRPCError } from '@trpc/server';
import { allowedPhotoUrl } from '../../../shared/account';
import { displayNameSchema } from '../../../shared/auth';
import { firstIssueMessage } from '../../../shared/issue-message';

export interface SignInProfile {
  displayName: string | null;
  photoUrl: string | null;
}

/** Throws BAD_REQUEST for a name the shop would not accept typed at sign-up (too long, invisible characters). */
export function signInProfile(record: { displayName: string | null; photoUrl: string | null }): SignInProfile {
  return { displayName: checkedDisplayName(record.displayName), photoUrl: allowedPhotoUrl(record.photoUrl) };
}

function checkedDisplayName(name: string | null): string | null {
  if (name === null || name.trim() === '') return null;
  const parsed = displayNameSchema.safeParse(name);
  if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', message: firstIssueMessage(parsed.error) });
  return parsed.data;
}
