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

/**
 * The id of the `<script type="application/json">` element in which the server hands the served
 * index.html the same configuration, so the SPA needs no GET /api/config before its first screen.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'bec-config';
