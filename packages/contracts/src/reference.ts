import { z } from 'zod';

export const PropertyTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type PropertyType = z.infer<typeof PropertyTypeSchema>;

/** A comuna; its id is the official CUT code as a number (13101 = Santiago). */
export const ComunaSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
});
export type Comuna = z.infer<typeof ComunaSchema>;

/** A region; its id is the official two-digit code as a number (13 = Metropolitana). */
export const RegionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  roman: z.string(),
  comunas: z.array(ComunaSchema),
});
export type Region = z.infer<typeof RegionSchema>;
