import { parseArgs } from 'node:util';
import { issueOf, type Role, RoleSchema } from '@bec/contracts';
import { z } from 'zod';
import { issueText } from '../lib/messages.js';

export const USERS_USAGE = `Usage: npm run users -- <command>

Commands:
  add EMAIL --role ROLE [--name NAME]   add a member, or give an existing member another role
  list                                  list every member
  remove EMAIL                          remove a member

Roles: viewer, editor, admin.

The commands work on the server's database (DATABASE_URL, or the embedded one in DATA_DIR, read
from the environment or .env). The embedded database serves one process at a time: stop the
server first.`;

export type UsersCommand =
  | { command: 'add'; email: string; role: Role; name?: string }
  | { command: 'list' }
  | { command: 'remove'; email: string }
  | { command: 'help' };

/** What went wrong, for the user; `usage` says whether the usage text helps. */
export type UsersArgsError = { error: string; usage: boolean };

const EmailSchema = z.email({ error: 'is not a valid email address' });

const usageError = (error: string): UsersArgsError => ({ error, usage: true });

function parseEmail(value: string | undefined): string | UsersArgsError {
  if (value === undefined) return usageError('EMAIL is missing.');
  const parsed = EmailSchema.safeParse(value.trim());
  if (!parsed.success) {
    return { error: `"${value}" ${parsed.error.issues[0]?.message}.`, usage: false };
  }
  return parsed.data.toLowerCase();
}

/** Reads the arguments after `npm run users --`; no side effects, so tests call it directly. */
export function parseUsersArgs(argv: string[]): UsersCommand | UsersArgsError {
  let values: { role?: string; name?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: {
        role: { type: 'string', short: 'r' },
        name: { type: 'string', short: 'n' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }));
  } catch (err) {
    // parseArgs explains unknown flags and flags without their value.
    return usageError(err instanceof Error ? err.message : String(err));
  }

  const [command, ...rest] = positionals;
  if (values.help || command === 'help') return { command: 'help' };
  if (command === undefined) return usageError('Missing command.');

  const extra = (count: number) =>
    rest.length > count ? usageError(`Unexpected argument: ${rest[count]}`) : null;
  const onlyForAdd = () =>
    values.role !== undefined || values.name !== undefined
      ? usageError('--role and --name are only for add.')
      : null;

  switch (command) {
    case 'add': {
      const email = parseEmail(rest[0]);
      if (typeof email !== 'string') return email;
      const problem = extra(1);
      if (problem) return problem;
      if (values.role === undefined) return usageError('add needs --role viewer|editor|admin.');
      const role = RoleSchema.safeParse(values.role.trim().toLowerCase());
      if (!role.success) {
        return {
          error: `${issueText(issueOf('role', role.error.issues[0]?.message ?? ''))} (got "${values.role}").`,
          usage: false,
        };
      }
      const name = values.name?.trim();
      if (values.name !== undefined && !name) {
        return { error: '--name must not be empty.', usage: false };
      }
      return name ? { command, email, role: role.data, name } : { command, email, role: role.data };
    }
    case 'list':
      return onlyForAdd() ?? extra(0) ?? { command };
    case 'remove': {
      const email = parseEmail(rest[0]);
      if (typeof email !== 'string') return email;
      return onlyForAdd() ?? extra(1) ?? { command, email };
    }
    default:
      return usageError(`Unknown command: ${command}`);
  }
}

/** Left-aligned columns with a header row, two spaces apart. */
export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
