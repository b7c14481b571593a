import { Loader2, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/field';
import { useDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth';
import { useDeleteAccount } from '../api/delete-account';
import { getErrorMessage } from '../utils/errors';
import { isSameEmail } from '../utils/format';
import { InlineAlert } from './panel-parts';

export const ACCOUNT_DELETED_MESSAGE = 'Your account and everything in it have been deleted';
export const DELETE_FAILURE_TITLE = 'Your account was not deleted.';

/**
 * The danger zone: the account goes only once its email is typed (any case, spaces ignored),
 * as the API checks it too.
 */
export function DeleteAccountSection() {
  const { data: user } = useUser();
  const { close } = useDialog();
  const deleteAccount = useDeleteAccount({
    onDeleted: () => {
      close();
      toast.success(ACCOUNT_DELETED_MESSAGE);
    },
  });
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const email = user?.email ?? '';
  const isConfirmed = Boolean(user) && isSameEmail(typed, email);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isConfirmed || deleteAccount.isPending) return;
    deleteAccount.mutate(typed.trim());
  };

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-2xl border border-red-200 bg-red-50/50 p-4"
    >
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold text-red-800">
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          Delete my account
        </h3>
        <p className="text-sm leading-relaxed text-ink-soft">
          This deletes your account and everything in it for good: goals, tasks, diary entries,
          moods and backgrounds. Every device is signed out. It cannot be undone, so download your
          data first if you want to keep a copy.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextField
          label="To confirm, type your email address"
          hint={
            <>
              Your email is{' '}
              <span className="font-semibold [overflow-wrap:anywhere] text-ink-soft">{email}</span>
            </>
          }
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            if (deleteAccount.isError) deleteAccount.reset();
          }}
          disabled={!user}
        />
        {deleteAccount.isError && (
          <InlineAlert
            title={DELETE_FAILURE_TITLE}
            message={getErrorMessage(deleteAccount.error)}
          />
        )}
        <button
          type="submit"
          disabled={!isConfirmed || deleteAccount.isPending}
          aria-busy={deleteAccount.isPending || undefined}
          className="inline-flex h-11 items-center justify-center gap-2 self-stretch rounded-xl bg-red-700 px-5 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition duration-150 select-none hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-red-700/45 sm:self-start"
        >
          {deleteAccount.isPending && (
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          )}
          Delete my account
        </button>
      </form>
    </section>
  );
}
