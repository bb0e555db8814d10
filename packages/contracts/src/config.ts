import { z } from 'zod';

/** One piece of the map's credit line: plain text, or a link (`href`, an http(s) URL). */
export const MapAttributionPartSchema = z.object({ text: z.string(), href: z.string().nullable() });
export type MapAttributionPart = z.infer<typeof MapAttributionPartSchema>;

/**
 * What the SPA needs at run time to sign in and to draw its maps; one web build serves every
 * deployment.
 */
export const ClientConfigSchema = z.object({
  oidc: z.object({
    issuer: z.string(),
    client_id: z.string(),
    audience: z.string(),
    scopes: z.string(),
  }),
  dev_signin: z.boolean(),
  /** The map's background: a Leaflet tile URL template ({z}/{x}/{y}, maybe {s}, {r}) and the
   * credit line its provider requires. */
  map_tiles: z.object({ url: z.string(), attribution: z.array(MapAttributionPartSchema) }),
  /**
   * The server mails saved searches' alerts (SMTP_URL is set, ADR 054): offer the subscription's
   * mail choice. Always sent by the server; absent reads as false.
   */
  alert_mail: z.boolean().optional(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/**
 * The id of the `<script type="application/json">` element in which the server hands the served
 * index.html the same configuration, so the SPA needs no GET /api/config before its first screen.
 */
export const CLIENT_CONFIG_ELEMENT_ID = 'bec-config';
