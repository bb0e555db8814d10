import type { Role } from '@bec/contracts';

/** A seeded account; the sign-in page describes it by its role (`account.<role>` in its catalogue). */
export type DevAccount = { email: string; name: string; role: Role | null };

/** The longest name the sign-in form takes. */
export const DEV_NAME_MAX = 100;

/** Offered on the development sign-in page; the first three are made members once per database. */
export const DEV_ACCOUNTS: DevAccount[] = [
  {
    email: 'admin@bec.local',
    name: 'Ana Admin',
    role: 'admin',
  },
  {
    email: 'editor@bec.local',
    name: 'Elena Editora',
    role: 'editor',
  },
  {
    email: 'viewer@bec.local',
    name: 'Víctor Viewer',
    role: 'viewer',
  },
  {
    email: 'guest@bec.local',
    name: 'Gabriel Guest',
    role: null,
  },
];

/** Subjects of the development provider: stable, and they say where they came from. */
export const devSubject = (email: string) => `dev:${email.toLowerCase()}`;
