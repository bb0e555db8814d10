import { z } from 'zod';
import { pageOf } from './common.js';
import { rule } from './issues.js';
import { LOCALES } from './locale.js';

export const RoleSchema = z.enum(['viewer', 'editor', 'admin'], { error: rule('role') });
export type Role = z.infer<typeof RoleSchema>;

export const MeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: RoleSchema,
});
export type Me = z.infer<typeof MeSchema>;

export const UserSchema = MeSchema.extend({
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type User = z.infer<typeof UserSchema>;

export const UserListSchema = pageOf(UserSchema);
export type UserList = z.infer<typeof UserListSchema>;

export const UpdateUserBodySchema = z.object({ role: RoleSchema });
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

/**
 * The language the member reads BEC in, sent by the web when it changes: the member's alert mail
 * is written in it (ADR 054).
 */
export const MyLocaleSchema = z.object({
  locale: z.enum(LOCALES, { error: rule('one_of', { options: LOCALES.join(', ') }) }),
});
export type MyLocale = z.infer<typeof MyLocaleSchema>;
