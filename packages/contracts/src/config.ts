import { z } from 'zod';

/** What the SPA needs at run time to sign in; one web build serves every deployment. */
export const ClientConfigSchema = z.object({
  oidc: z.object({
    issuer: z.string(),
    client_id: z.string(),
    audience: z.string(),
    scopes: z.string(),
  }),
  dev_signin: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
