import type { Role } from '@bec/contracts';

export type DevAccount = { email: string; name: string; role: Role | null; description: string };

/** Offered on the development sign-in page; the first three are made members once per database. */
export const DEV_ACCOUNTS: DevAccount[] = [
  {
    email: 'admin@bec.local',
    name: 'Ana Admin',
    role: 'admin',
    description: 'admin: everything, users and waitlist',
  },
  {
    email: 'editor@bec.local',
    name: 'Elena Editora',
    role: 'editor',
    description: 'editor: adds and edits properties',
  },
  {
    email: 'viewer@bec.local',
    name: 'Víctor Viewer',
    role: 'viewer',
    description: 'viewer: browses properties',
  },
  {
    email: 'guest@bec.local',
    name: 'Gabriel Guest',
    role: null,
    description: 'not a member yet: lands on the waitlist',
  },
];

/** Subjects of the development provider: stable, and they say where they came from. */
export const devSubject = (email: string) => `dev:${email.toLowerCase()}`;
