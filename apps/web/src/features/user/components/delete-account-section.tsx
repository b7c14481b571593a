import { Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useUser } from '@/lib/auth';
import { markLandingNotice } from '@/lib/landing-notices';
import { describeError } from '@/lib/error-messages';
import { useDeleteAccount } from '../api/delete-account';
import { isSameEmail } from '../utils/format';
import { InlineAlert } from './panel-parts';

export const DELETE_FAILURE_TITLE = 'Your account was not deleted.';
export const DELETE_QUESTION = 'Delete your account for good?';

/**
 * The danger zone: the account goes only once its email is typed (any case, spaces ignored, as
 * the API checks it too) and a last question in plain words is answered yes. The landing page
 * then says it is done.
 */
export function DeleteAccountSection() {
  const { data: user } = useUser();
  // The dialog stays open while the landing page loads in full: closing it would take its
  // history entry back under that load.
  const deleteAccount = useDeleteAccount({ onDeleted: () => markLandingNotice('account-deleted') });
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [isAsking, setIsAsking] = useState(false);
  // "No" takes the question away: the focus goes back to the button that asked it.
  const submitRef = useRef<HTMLButtonElement>(null);
  const shouldRefocus = useRef(false);
  useEffect(() => {
    if (isAsking || !shouldRefocus.current) return;
    shouldRefocus.current = false;
    submitRef.current?.focus();
  }, [isAsking]);
  const email = user?.email ?? '';
  const isConfirmed = Boolean(user) && isSameEmail(typed, email);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isConfirmed || deleteAccount.isPending) return;
    setIsAsking(true);
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
            setIsAsking(false);
            if (deleteAccount.isError) deleteAccount.reset();
          }}
          disabled={!user || deleteAccount.isPending}
        />
        {deleteAccount.isError && (
          <InlineAlert title={DELETE_FAILURE_TITLE} message={describeError(deleteAccount.error)} />
        )}
        {isAsking ? (
          <LastQuestion
            isDeleting={deleteAccount.isPending}
            onYes={() => deleteAccount.mutate(typed.trim())}
            onNo={() => {
              shouldRefocus.current = true;
              setIsAsking(false);
              deleteAccount.reset();
            }}
          />
        ) : (
          <button
            ref={submitRef}
            type="submit"
            disabled={!isConfirmed}
            className={DANGER_BUTTON_CLASSES}
          >
            Delete my account
          </button>
        )}
      </form>
    </section>
  );
}

const DANGER_BUTTON_CLASSES =
  'inline-flex h-11 items-center justify-center gap-2 self-stretch rounded-xl bg-danger-fill px-5 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition duration-150 select-none hover:bg-danger-fill-hover disabled:cursor-not-allowed disabled:bg-danger-fill/45 sm:self-start';

/** The last question before the account goes, in plain words; it takes the focus when it shows. */
function LastQuestion({
  isDeleting,
  onYes,
  onNo,
}: {
  isDeleting: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const questionId = useId();
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="flex flex-col gap-3 rounded-xl border border-red-300 bg-card p-4"
    >
      <p
        id={questionId}
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-red-800 outline-none"
      >
        {DELETE_QUESTION}
      </p>
      <p className="text-sm leading-relaxed text-ink-soft">
        Your goals, tasks, diary entries, moods and backgrounds will be deleted now, and you will be
        signed out everywhere. This cannot be undone.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="button"
          onClick={onYes}
          disabled={isDeleting}
          aria-busy={isDeleting || undefined}
          className={DANGER_BUTTON_CLASSES}
        >
          {isDeleting && (
            <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
          )}
          Yes, delete everything
        </button>
        <Button variant="secondary" onClick={onNo} disabled={isDeleting}>
          No, keep my account
        </Button>
      </div>
    </div>
  );
}
