import type { Me } from '@bec/contracts';
import type { Session } from '@/features/auth/auth-machine';

/**
 * The member last signed in on this browser (ADR 046): their profile as the API last answered it
 * (so their role), for opening the app offline, when neither the provider nor the API answers.
 * Read without oidc-client-ts, which the first screen does not load.
 */
const MEMBER_KEY = 'bec.member';
/** Where oidc-client-ts keeps a signed-in user (as in session.ts). */
const STORED_USER_PREFIX = 'oidc.user:';

type StoredMember = { subject: string; user: Me };

function storedKeys(): string[] {
  const keys: string[] = [];
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i);
    if (key?.startsWith(STORED_USER_PREFIX)) keys.push(key);
  }
  return keys;
}

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Keeps the member's profile, once the API has answered it. */
export function rememberMember(subject: string, user: Me) {
  try {
    window.localStorage.setItem(MEMBER_KEY, JSON.stringify({ subject, user }));
  } catch {
    // Storage full or refused: the app just won't open signed in offline.
  }
}

/** The member kept, if any: their subject and member id. */
export function rememberedMember(): { subject: string; userId: number } | null {
  const member = read<StoredMember>(MEMBER_KEY);
  return member === null ? null : { subject: member.subject, userId: member.user.id };
}

/**
 * The session stored by the last sign-in and the profile kept for it, when they are the same
 * account: what the app opens with offline.
 */
export function storedMember(): { session: Session; user: Me } | null {
  const member = read<StoredMember>(MEMBER_KEY);
  if (member === null) return null;
  for (const key of storedKeys()) {
    const profile = read<{ profile?: { sub?: string; name?: string; email?: string } }>(
      key,
    )?.profile;
    if (profile?.sub === member.subject) {
      return {
        session: {
          subject: member.subject,
          name: profile.name ?? null,
          email: profile.email ?? null,
        },
        user: member.user,
      };
    }
  }
  return null;
}

/**
 * Forgets the member kept, and with `sessions` the stored sign-in too (signing out offline, when
 * the provider cannot be told).
 */
export function forgetMember({ sessions = false } = {}) {
  try {
    window.localStorage.removeItem(MEMBER_KEY);
    if (sessions) for (const key of storedKeys()) window.localStorage.removeItem(key);
  } catch {
    // Nothing to forget where storage cannot be used.
  }
}
