import { z } from 'zod';
import { pageOf } from './common.js';
import { RoleSchema } from './user.js';

export const WaitlistEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  requested_at: z.iso.datetime(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

export const WaitlistSchema = pageOf(WaitlistEntrySchema);
export type Waitlist = z.infer<typeof WaitlistSchema>;

export const ApproveWaitlistBodySchema = z.object({ role: RoleSchema });
export type ApproveWaitlistBody = z.infer<typeof ApproveWaitlistBodySchema>;
