// `npm run users -- add EMAIL --role ROLE [--name NAME] | list | remove EMAIL`: manage members
// from the shell, e.g. to make the first admin before anyone can sign in.
import type { User } from '@bec/contracts';
import { createUsersService } from '../modules/users/users.service.js';
import { formatTable, parseUsersArgs, USERS_USAGE } from './users-args.js';
import { withDatabase } from './with-database.js';

const PAGE_SIZE = 100;

const parsed = parseUsersArgs(process.argv.slice(2));

if ('error' in parsed) {
  console.error(parsed.error);
  if (parsed.usage) console.error(`\n${USERS_USAGE}`);
  process.exitCode = 1;
} else if (parsed.command === 'help') {
  console.log(USERS_USAGE);
} else {
  await withDatabase(async (handle, config) => {
    const users = createUsersService(handle.db, { adminEmails: config.adminEmails });
    switch (parsed.command) {
      case 'add': {
        const user = await users.upsertByEmail(parsed.email, parsed.role, parsed.name);
        console.log(`${user.email} (id ${user.id}, ${user.name}) is now ${user.role}.`);
        if (parsed.name !== undefined && parsed.name !== user.name) {
          console.log(`Note: ${user.email} was already a member; the name stays "${user.name}".`);
        }
        return;
      }
      case 'list': {
        const all: User[] = [];
        let cursor: string | undefined;
        do {
          const page = await users.list(PAGE_SIZE, cursor);
          all.push(...page.items);
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
        if (all.length === 0) {
          console.log(
            'No members yet. Add the first admin with: npm run users -- add EMAIL --role admin',
          );
          return;
        }
        console.log(
          formatTable(
            ['id', 'email', 'name', 'role'],
            all.map((u) => [String(u.id), u.email, u.name, u.role]),
          ),
        );
        return;
      }
      case 'remove': {
        const { id } = await users.removeByEmail(parsed.email);
        console.log(`Removed ${parsed.email} (id ${id}).`);
        return;
      }
    }
  });
}
