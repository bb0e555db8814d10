import type { Me } from '@bec/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from 'react';
import { meQueryOptions } from '@/features/auth/api/me-query';
import { AuthContext, type AuthContextValue } from '@/features/auth/auth-context';
import { type AuthEvent, authReducer, startingAuthState } from '@/features/auth/auth-machine';
import { identityProviderQueryOptions } from '@/features/auth/identity-provider';
import {
  endSession,
  freshAccessToken,
  sessionMayBeStored,
  toSession,
  watchSession,
} from '@/features/auth/session';
import { sessionQueryOptions } from '@/features/auth/session-queries';
import { currentLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { ApiError, errorText } from '@/lib/api-error';

export type AuthProviderProps = {
  children: ReactNode;
  /**
   * Removes what the browser keeps of a member for working offline: on signing out, and when
   * another account signs in (the app passes the offline feature's, ADR 046).
   */
  forgetOfflineData?: (member: { subject: string; userId: number | null }) => Promise<void>;
};

/**
 * Whether a session was stored when the page loaded; if so, the profile call's code starts
 * loading beside the sign-in service's, instead of after the session is restored.
 */
function useSessionStoredAtStart(): boolean {
  const [stored] = useState(() => {
    const mayBe = sessionMayBeStored();
    if (mayBe) void import('@/features/auth/api/get-me');
    return mayBe;
  });
  return stored;
}

/** A call that failed on this side for want of a token, never reaching the API. */
const noTokenYet = (error: ApiError) => error.failure?.code === 'token_unavailable';

/** The member kept for opening offline (ADR 046): loaded when needed, out of the first load. */
const memberMemory = () => import('@/features/auth/offline-member');

/** False until the browser has painted the first frame. */
function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    // The frame's callback runs before it paints; the timeout's, after.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setDone(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return done;
}

/** A failed profile call ends the sign-in when it is final (401/403) or nothing was loaded yet. */
function profileEvent(me: {
  status: 'pending' | 'success' | 'error';
  data: Me | undefined;
  error: Error | null;
}): AuthEvent | null {
  if (me.status === 'error' && me.error) {
    const final =
      me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403);
    if (final || me.data === undefined) {
      const code = me.error instanceof ApiError ? (me.error.code ?? null) : null;
      return { type: 'PROFILE_FAILED', code, message: errorText(me.error) };
    }
  }
  return me.data === undefined ? null : { type: 'PROFILE_LOADED', user: me.data };
}

/**
 * Runs the sign-in: loads the identity provider, follows the OIDC session and asks the API who the
 * signed-in account is, feeding each outcome to the auth state machine. The fetching is done by
 * TanStack Query; the effects here only report query outcomes to the machine and subscribe to the
 * session's events.
 */
export function AuthProvider({ children, forgetOfflineData }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const sessionStored = useSessionStoredAtStart();
  const [state, dispatch] = useReducer(authReducer, sessionStored, startingAuthState);
  // Offline, the provider cannot restore the session: the member kept for it opens the app (its
  // code, precached, is loaded only then).
  useEffect(() => {
    if (!sessionStored || navigator.onLine) return;
    void memberMemory().then(({ storedMember }) => {
      const member = storedMember();
      if (member !== null) dispatch({ type: 'OFFLINE_MEMBER', ...member });
    });
  }, [sessionStored]);

  const firstPaintDone = useFirstPaintDone();
  // With a session to restore, the sign-in service is loaded at once: the page waits for it.
  // Without one the signed-out screen needs nothing from it, so it comes after the first paint.
  const identityProvider = useQuery({
    ...identityProviderQueryOptions(),
    enabled: sessionStored || firstPaintDone,
  });
  const userManager = identityProvider.data?.userManager ?? null;
  const clientConfig = identityProvider.data?.config ?? null;
  const idpStatus = identityProvider.status;
  const idpFailures = identityProvider.failureCount;
  const idpReason = identityProvider.failureReason?.message ?? 'Unknown error';
  useEffect(() => {
    if (idpStatus === 'success') dispatch({ type: 'IDP_READY' });
    else if (idpFailures > 0) {
      dispatch({ type: 'IDP_ATTEMPT_FAILED', failures: idpFailures, reason: idpReason });
    }
  }, [idpStatus, idpFailures, idpReason]);

  // API calls take their bearer token from this session.
  useEffect(() => {
    if (userManager === null) return;
    setAccessTokenSource(() => freshAccessToken(userManager));
    // Opened offline (ADR 046), the page's first calls found no token to send when the network
    // came back, before the sign-in service was loaded: they go again now.
    void queryClient.invalidateQueries({
      predicate: ({ state }) => state.error instanceof ApiError && noTokenYet(state.error),
    });
    return () => setAccessTokenSource(null);
  }, [userManager, queryClient]);

  const session = useQuery(sessionQueryOptions(userManager));
  useEffect(() => {
    if (userManager === null) return;
    const { queryKey } = sessionQueryOptions(userManager);
    return watchSession(userManager, (user) => queryClient.setQueryData(queryKey, user));
  }, [userManager, queryClient]);

  const sessionFailures = session.failureCount;
  const sessionReason = session.failureReason?.message ?? 'Unknown error';
  useEffect(() => {
    if (sessionFailures > 0) {
      dispatch({
        type: 'SESSION_ATTEMPT_FAILED',
        failures: sessionFailures,
        reason: sessionReason,
      });
    }
  }, [sessionFailures, sessionReason]);

  const sessionUser = session.isError ? null : session.data;
  useEffect(() => {
    if (sessionUser === undefined) return;
    if (sessionUser !== null) {
      dispatch({ type: 'SIGNED_IN', session: toSession(sessionUser) });
      return;
    }
    dispatch({ type: 'SIGNED_OUT' });
    // Nothing loaded for the previous account outlives its session.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  }, [sessionUser, queryClient]);

  // Asked once the sign-in service is loaded, which gives its calls their token: a page opened
  // offline (ADR 046) has the member's subject before that, and its profile kept.
  const me = useQuery({
    ...meQueryOptions(state.session?.subject ?? null),
    enabled: userManager !== null,
  });
  useEffect(() => {
    const event = profileEvent({ status: me.status, data: me.data, error: me.error });
    if (event === null) return;
    // Signing in mounts the whole page: as a transition React renders it in slices, so it does
    // not hold the main thread (and the user's taps) for one long task.
    startTransition(() => dispatch(event));
    // The API refused the token itself: the session is of no use, forget it. (Not when this side
    // had no token to send yet: the session is still good, see above.)
    if (me.error instanceof ApiError && me.error.status === 401 && !noTokenYet(me.error))
      void userManager?.removeUser();
  }, [me.status, me.data, me.error, userManager]);

  // The member's profile is kept for opening offline; another account's offline data goes.
  const memberSubject = state.status === 'authenticated' ? (state.session?.subject ?? null) : null;
  const member = state.user;
  useEffect(() => {
    if (memberSubject === null || member === null) return;
    void memberMemory().then(({ rememberedMember, rememberMember }) => {
      const previous = rememberedMember();
      if (previous !== null && previous.subject !== memberSubject)
        void forgetOfflineData?.(previous);
      rememberMember(memberSubject, member);
    });
  }, [memberSubject, member, forgetOfflineData]);

  const signIn = useCallback(
    async (returnTo?: string) => {
      if (userManager === null) return;
      const { pathname, search, hash } = window.location;
      await userManager.signinRedirect({
        state: { returnTo: returnTo ?? pathname + search + hash },
        // The provider's pages in the app's language, where it offers it (OpenID's ui_locales).
        ui_locales: currentLocale(),
      });
    },
    [userManager],
  );
  const subject = state.session?.subject ?? null;
  const userId = state.user?.id ?? null;
  const signOut = useCallback(async () => {
    // Offline the provider is out of reach: the session stored here is all there is to end.
    (await memberMemory()).forgetMember({ sessions: userManager === null });
    if (subject !== null) await forgetOfflineData?.({ subject, userId }).catch(() => undefined);
    if (userManager !== null) {
      await endSession(userManager);
      return;
    }
    dispatch({ type: 'SIGNED_OUT' });
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
  }, [userManager, subject, userId, forgetOfflineData, queryClient]);

  const { refetch: refetchIdentityProvider, isError: identityProviderFailed } = identityProvider;
  const { refetch: refetchSession, isError: sessionFailed } = session;
  const retry = useCallback(() => {
    dispatch({ type: 'RETRY', discovered: !identityProviderFailed });
    if (identityProviderFailed) void refetchIdentityProvider();
    else if (sessionFailed) void refetchSession();
  }, [identityProviderFailed, sessionFailed, refetchIdentityProvider, refetchSession]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, signOut, retry, userManager, clientConfig }),
    [state, signIn, signOut, retry, userManager, clientConfig],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
