import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AuthAnswer, UpdateUserBody, User } from '@wellspring/shared';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import { paths } from '@/config/paths';
import { api, isApiError, type SuccessBody } from './api-client';
import { USER_DATA_ERROR_TEXT } from './error-content';
import { userKeys } from './query-keys';
import {
  clearStoredSession,
  readStoredSession,
  TOKEN_KEY,
  USER_ID_KEY,
  type SignOutOptions,
  writeStoredSession,
} from './auth-storage';
import { loadLandingPage } from './landing-page';
import { unsubscribeThisBrowser } from './push';
import { forgetReturnTo, takeReturnTo } from './return-to';

/*
 * The session and the signed-in user are app-wide: the guards, the navigation and most screens
 * read them, so they live here rather than in a feature (as in bulletproof-react's lib/auth).
 */

export interface SessionState {
  /** False until the saved session has been reloaded from storage (SPEC.md section 4, Load). */
  isLoaded: boolean;
  token: string | null;
  userId: string | null;
}

const INITIAL_SESSION: SessionState = { isLoaded: false, token: null, userId: null };

/** A tiny external store, so the session can change outside React (storage events, logout). */
export function createSessionStore() {
  let state = INITIAL_SESSION;
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getSnapshot: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Re-reads localStorage. */
    reload: () => set({ isLoaded: true, ...readStoredSession() }),
    set,
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

// ---- the user ---------------------------------------------------------------------------------

/** The text the error page recognises: the account behind the saved session is gone. */
export const USER_DATA_ERROR_PREFIX = USER_DATA_ERROR_TEXT;

export class UserDataError extends Error {
  override readonly name = 'UserDataError';
  constructor(userId: string, cause: unknown) {
    super(`${USER_DATA_ERROR_PREFIX} ${userId} could not be retrieved`, { cause });
  }
}

/** GET /v1/user?id=: a 401 or 404 means the saved session no longer leads to an account. */
export async function getUser(userId: string, signal?: AbortSignal): Promise<User> {
  try {
    const body = await api.get<SuccessBody<User>>('/user', { query: { id: userId }, signal });
    return body.data;
  } catch (error) {
    if (isApiError(error) && (error.statusCode === 401 || error.statusCode === 404)) {
      throw new UserDataError(userId, error);
    }
    throw error;
  }
}

export function userQueryOptions(userId: string) {
  return queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: ({ signal }) => getUser(userId, signal),
  });
}

/**
 * PATCH /v1/user?id=: changes what a user may change (mood, flags, time zone, name); answers the
 * updated user. Here rather than in a feature because the mood, onboarding, task and user
 * features all write to the one user.
 */
export async function patchUser(userId: string, body: UpdateUserBody): Promise<User> {
  const answer = await api.patch<SuccessBody<User>>('/user', body, { query: { id: userId } });
  return answer.data;
}

/** SPEC.md section 4, Load: restore the saved session and preload the user. */
export function loadSession(store: SessionStore, queryClient: QueryClient): void {
  store.reload();
  const { token, userId } = store.getSnapshot();
  if (!token || !userId) {
    console.info('Wellspring: no saved session (token or user id missing).');
    return;
  }
  preloadUser(queryClient, userId);
}

/**
 * Fetches the saved session's user ahead of the first render (app.tsx calls it as the app's code
 * starts; loadSession's call then finds the request under way). The screens wait on this answer.
 */
export function preloadSavedUser(queryClient: QueryClient): void {
  const { token, userId } = readStoredSession();
  if (token && userId) preloadUser(queryClient, userId);
}

function preloadUser(queryClient: QueryClient, userId: string): void {
  const options = userQueryOptions(userId);
  void queryClient.prefetchQuery(options).then(() => {
    const user = queryClient.getQueryData(options.queryKey);
    if (user?.selectedBackgroundURL) warmUpBackground(user.selectedBackgroundURL);
  });
}

/**
 * Starts loading the dashboard's background picture as soon as the user is known, while the
 * screen's own code is still on its way: it is the largest thing the dashboard paints, and
 * otherwise its request would wait for the screen to render. Only in the signed-in area.
 */
function warmUpBackground(url: string): void {
  if (!window.location.pathname.startsWith(paths.app.root)) return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = url;
}

// ---- the provider -----------------------------------------------------------------------------

interface SessionContextValue extends SessionState {
  /** Saves a new session (login, register, Google sign-in) and caches its user. */
  signIn: (answer: Pick<AuthAnswer, 'token' | 'userData'>) => void;
  /**
   * Signs this device out at once, whatever the network: every way out (Logout, a session ended
   * elsewhere, the account gone) comes here (decision 065).
   */
  signOut: (options?: SignOutOptions) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [store] = useState(createSessionStore);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    loadSession(store, queryClient);
    // A sign-out cut short (the tab closed, no network) is finished now and when the network is
    // back (decision 065). Loaded apart: most starts have nothing to finish.
    void import('./sessions-to-end').then((module) => module.startFinishingSignOuts());
    // Another tab signing in or out changes this one too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USER_ID_KEY) {
        store.reload();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store, queryClient]);

  const signIn = useCallback(
    (answer: Pick<AuthAnswer, 'token' | 'userData'>) => {
      writeStoredSession(answer.token, answer.userData.id);
      queryClient.setQueryData(userKeys.detail(answer.userData.id), answer.userData);
      store.reload();
    },
    [queryClient, store],
  );

  const signOut = useCallback(
    (options?: SignOutOptions) => {
      clearStoredSession(options);
      store.reload();
      queryClient.clear();
      // This browser stops receiving reminders; the server drops the subscription with the session.
      void unsubscribeThisBrowser();
    },
    [queryClient, store],
  );

  const value = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside its provider (SessionProvider)');
  return value;
}

/** True once the saved session is read and holds a token and a user id. */
export function useIsSignedIn(): boolean {
  const { isLoaded, token, userId } = useSession();
  return isLoaded && Boolean(token) && Boolean(userId);
}

/** The signed-in user; runs only while a token and a user id exist. */
export function useUser() {
  const { token, userId } = useSession();
  return useQuery({
    ...userQueryOptions(userId ?? ''),
    enabled: Boolean(token && userId),
  });
}

/** SPEC.md section 2: after login, the dashboard once onboarded, else onboarding step 1. */
export function getLoginRedirect(user: Pick<User, 'hasOnboarded'>): string {
  if (!user.hasOnboarded) return paths.onboarding.step1;
  // The page the visitor asked for before being sent to sign in, by either method.
  return takeReturnTo() ?? paths.app.dashboard;
}

// ---- logout -----------------------------------------------------------------------------------

/**
 * SPEC.md section 4, Logout: the stored token and id and every cached query are cleared and the
 * visitor lands on the landing page, at once and whatever the network; the server's end of the
 * session follows as soon as it can be sent (decision 065). The device is signed out before the
 * landing page loads in full (decision 068); the landing page's script then ends the session on
 * the server, the only page that sends it, and finishes what a cut-short load left.
 */
export function useLogout() {
  const { signOut } = useSession();
  return useMutation({
    // Nothing here waits for the server: TanStack Query pauses a mutation while offline, which
    // left the person signed in for whoever came next.
    networkMode: 'always',
    mutationFn: async () => {
      // Rendered at once: the guard sees this page signed out and remembers it, and the page was
      // left, not asked for.
      flushSync(() => signOut({ isEndedByLandingPage: true }));
      forgetReturnTo();
      loadLandingPage();
    },
  });
}
