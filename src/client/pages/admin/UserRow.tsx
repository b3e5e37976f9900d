// One row of Make Admin: the user's email and name, their role, Make Admin (not for admins; disabled
// with the reason for a customer the server would refuse) and Remove User (not for yourself).
import { ShieldCheck, UserX } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../../shared/messages';
import { NoAction } from '../dashboard-shell/NoAction';
import { StackedCell, StackedRow } from '../dashboard-shell/StackedTable';
import type { ListedUser } from './useUserActions';

interface UserRowProps {
  user: ListedUser;
  /** The row is the signed-in admin's own. */
  isMe: boolean;
  promoting: boolean;
  removing: boolean;
  onPromote: () => void;
  onRemove: () => void;
}

export function UserRow({ user, isMe, promoting, removing, onPromote, onRemove }: UserRowProps) {
  return (
    <StackedRow>
      <StackedCell label="Email">
        <span className="block font-medium break-all">{user.email}</span>
        {user.displayName ? <span className="block text-sm text-base-content/70">{user.displayName}</span> : null}
      </StackedCell>
      <StackedCell label="Role">
        {user.role === 'admin' ? <span className="badge badge-sm badge-secondary">admin</span> : 'customer'}
        {isMe ? <span className="ml-2 text-sm text-base-content/70">(you)</span> : null}
      </StackedCell>
      <StackedCell label="Make Admin">
        {user.adminEligibility === 'admin' ? <NoAction /> : <MakeAdminButton user={user} pending={promoting} onClick={onPromote} />}
      </StackedCell>
      <StackedCell label="Remove User">
        {isMe ? (
          <NoAction />
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm gap-1"
            disabled={removing}
            aria-label={`Remove User: ${user.email}`}
            onClick={onRemove}
          >
            <UserX aria-hidden="true" className="size-4" />
            Remove User
          </button>
        )}
      </StackedCell>
    </StackedRow>
  );
}

/** Make Admin for one customer: enabled when the server would grant it, else disabled with the reason. */
function MakeAdminButton({ user, pending, onClick }: { user: ListedUser; pending: boolean; onClick: () => void }) {
  const reasonId = useId();
  const eligible = user.adminEligibility === 'eligible';
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className="btn btn-primary btn-sm gap-1"
        disabled={!eligible || pending}
        aria-label={`Make Admin: ${user.email}`}
        aria-describedby={eligible ? undefined : reasonId}
        onClick={onClick}
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        Make Admin
      </button>
      {eligible ? null : (
        <span id={reasonId} className="max-w-56 text-xs text-base-content/70">
          {messages.makeAdminNeedsVerifiedEmail}
        </span>
      )}
    </div>
  );
}
