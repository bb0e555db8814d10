/**
 * Query keys of the admin screens, in one shared place because one feature invalidates what the
 * other shows: approving a waitlist entry adds a member to the users list, and features never
 * import each other. Every users and waitlist query key comes from here.
 *
 * The signed-in member's profile (the auth feature's `['users', 'me', subject]`) shares the
 * `users` prefix, so invalidating `userKeys.all` refreshes it too: changing or removing your own
 * account updates the sidebar and the role guards at once.
 */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
};

export const waitlistKeys = {
  all: ['waitlist'] as const,
  lists: () => [...waitlistKeys.all, 'list'] as const,
};
