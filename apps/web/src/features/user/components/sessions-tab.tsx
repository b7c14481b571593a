import type { Session } from '@wellspring/shared';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogBody } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useEndOtherSessions } from '../api/end-other-sessions';
import { useEndSession } from '../api/end-session';
import { useSessions } from '../api/get-sessions';
import { countOf } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date-time';
import { InlineAlert, PanelSection } from './panel-parts';

export const END_SESSION_FAILURE_MESSAGE =
  'Oops, something went wrong while trying to end the session';
export const END_SESSION_GONE_MESSAGE = 'That session had already ended';
export const END_OTHERS_FAILURE_MESSAGE =
  'Oops, something went wrong while trying to end the other sessions';
export const SESSIONS_LOAD_FAILURE_MESSAGE = 'Your sessions could not be loaded.';

const PHONE_SYSTEMS = /\b(iOS|Android)\b/;

function DateLine({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="inline">{label} </dt>
      <dd className="inline">
        <time dateTime={value} className="whitespace-nowrap text-ink-soft">
          {formatDateTime(value)}
        </time>
      </dd>
    </div>
  );
}

function SessionRow({
  session,
  onEnd,
  isEnding,
  isDisabled,
}: {
  session: Session;
  onEnd: () => void;
  isEnding: boolean;
  isDisabled: boolean;
}) {
  const Icon = PHONE_SYSTEMS.test(session.device) ? Smartphone : Monitor;
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-2xl border border-line bg-card p-4 shadow-xs @sm:grid-cols-[auto_minmax(0,1fr)_auto]"
      data-current={session.current || undefined}
    >
      <span className="flex size-10 items-center justify-center self-start rounded-full bg-surface text-brand-violet @sm:row-span-2">
        <Icon className="size-5" aria-hidden />
      </span>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-ink">
        <span className="min-w-0 break-words">{session.device}</span>
        {session.current && (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
            This device
          </span>
        )}
      </p>
      <dl className="col-span-2 flex flex-col gap-0.5 text-sm text-ink-muted @sm:col-span-1 @sm:col-start-2">
        <DateLine label="Signed in" value={session.createdAt} />
        <DateLine label="Last used" value={session.lastUsedAt} />
      </dl>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="col-span-2 mt-1 justify-self-start @sm:col-span-1 @sm:col-start-3 @sm:row-span-2 @sm:row-start-1 @sm:mt-0"
          onClick={onEnd}
          isLoading={isEnding}
          disabled={isDisabled}
          aria-label={`End session on ${session.device}, last used ${formatDateTime(session.lastUsedAt)}`}
        >
          End
        </Button>
      )}
    </li>
  );
}

/**
 * The browsers signed in to the account; any but this one can be signed out from here. `after`
 * comes below them: the links for a clinician, which the app brings from the report feature.
 */
export function SessionsTab({ after }: { after?: ReactNode }) {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);
  const isBusy = endSession.isPending || endOthers.isPending;

  // The button that was pressed goes away with its row: focus moves to the heading instead.
  const keepFocusInside = () => headingRef.current?.focus();

  const onEnd = (session: Session) => {
    endSession.mutate(session, {
      onSuccess: () => {
        toast.success(`Signed out ${session.device}`);
        keepFocusInside();
      },
      onError: (error) =>
        toast.error(
          isApiError(error) && error.statusCode === 404
            ? END_SESSION_GONE_MESSAGE
            : END_SESSION_FAILURE_MESSAGE,
        ),
    });
  };

  const onEndOthers = () => {
    endOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        toast.success(
          revoked > 0
            ? `Signed out ${countOf(revoked, 'other session')}`
            : 'No other session was signed in',
        );
        keepFocusInside();
      },
      onError: () => toast.error(END_OTHERS_FAILURE_MESSAGE),
    });
  };

  return (
    <DialogBody className="flex flex-col gap-5 pt-4">
      <PanelSection
        title="Where you're signed in"
        titleRef={headingRef}
        description="These browsers are signed in to your account. If you don't recognise one, end it: it is signed out the next time it reaches Wellspring."
      >
        {sessions.isPending ? (
          <Spinner label="Loading your sessions" className="mx-auto my-6" />
        ) : sessions.isError ? (
          <InlineAlert
            message={SESSIONS_LOAD_FAILURE_MESSAGE}
            action={
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => void sessions.refetch()}
                isLoading={sessions.isFetching}
              >
                Try again
              </Button>
            }
          />
        ) : (
          <ul className="@container flex flex-col gap-3" aria-label="Signed-in sessions">
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={() => onEnd(session)}
                isEnding={endSession.isPending && endSession.variables?.id === session.id}
                isDisabled={isBusy}
              />
            ))}
          </ul>
        )}
      </PanelSection>
      {sessions.isSuccess && (
        <div className="flex flex-col gap-2 border-t border-line pt-5">
          <Button
            variant="secondary"
            className="self-stretch sm:self-start"
            onClick={onEndOthers}
            isLoading={endOthers.isPending}
            disabled={others.length === 0 || isBusy}
          >
            <LogOut className="size-4" aria-hidden />
            End all other sessions
          </Button>
          <p className="text-sm text-ink-muted">
            {others.length === 0
              ? 'This is the only browser signed in to your account.'
              : `Signs out ${countOf(others.length, 'other browser')}; this one stays signed in.`}
          </p>
        </div>
      )}
      {after && <div className="border-t border-line pt-5">{after}</div>}
    </DialogBody>
  );
}
