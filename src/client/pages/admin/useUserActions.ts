// An admin's actions on a user, each asked in the confirm dialog first: Make Admin, whose refusal
// (403) says so in SPEC.md §8's words, and Remove User. Both reload the users afterwards.
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { useConfirm } from '../../components/ConfirmDialog';
import { httpStatusOf } from '../../lib/http-status';
import { trpc, type RouterOutputs } from '../../lib/trpc';

export type ListedUser = RouterOutputs['users']['list']['items'][number];

export function useUserActions() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();

  const makeAdmin = trpc.users.makeAdmin.useMutation({
    onSuccess: ({ modifiedCount }) => {
      if (modifiedCount > 0) toast.success(messages.makeAdminSucceeded);
      void utils.users.list.invalidate();
    },
    onError: (error) => toast.error(httpStatusOf(error) === 403 ? messages.makeAdminFailed : error.message),
  });
  const removeUser = trpc.users.remove.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      void utils.users.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function promote(user: ListedUser) {
    if (
      await confirm({
        message: messages.confirmMakeAdmin(user.email),
        actionLabel: messages.makeAdmin,
        keepLabel: messages.keepCustomer,
        tone: 'primary',
      })
    )
      makeAdmin.mutate({ email: user.email });
  }

  async function remove(user: ListedUser) {
    if (await confirm({ message: messages.confirmDelete, actionLabel: messages.removeUser, keepLabel: messages.keepUser }))
      removeUser.mutate({ id: user._id });
  }

  const isPromoting = (user: ListedUser) => makeAdmin.isPending && makeAdmin.variables.email === user.email;
  const isRemoving = (user: ListedUser) => removeUser.isPending && removeUser.variables.id === user._id;

  return { promote, remove, isPromoting, isRemoving };
}
