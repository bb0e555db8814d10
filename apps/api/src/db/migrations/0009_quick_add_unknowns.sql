-- Quick add from the phone (ADR 048): a property may be saved before its address and
-- areas are known; null means unknown ("Falta completar"), not zero. Price per m² is already null
-- when its area is (properties_price); an unknown address keys no duplicate warning.
DROP INDEX "properties_building_idx";--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "building_sqmts" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "land_sqmts" DROP NOT NULL;--> statement-breakpoint
-- Area sorts: an unknown area below every known one (AREA_UNKNOWN_KEY in schema.ts).
CREATE INDEX "properties_building_idx" ON "properties" USING btree (coalesce("building_sqmts", -1),"id");--> statement-breakpoint
-- The key of an unknown address is '' (address_key is NOT NULL), which the duplicate probe skips.
CREATE OR REPLACE FUNCTION "bec_address_key"("address" text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k text := lower(public.unaccent(coalesce("address", '')));
BEGIN
  k := regexp_replace(k, '[^a-z0-9]+', ' ', 'g');
  k := regexp_replace(k, '\m(depto|dpto|dto|departamento|depa|oficina|of|local|casa|torre|block|bloque|piso|unidad)\s+[a-z]?[0-9]+[a-z]?\M', ' ', 'g');
  k := regexp_replace(k, '\m(n|no|nro|num|numero)\s+([0-9])', '\2', 'g');
  k := regexp_replace(k, '\m(av|avda|avd|ave)\M', 'avenida', 'g');
  k := regexp_replace(k, '\m(pje|psje|pas)\M', 'pasaje', 'g');
  k := regexp_replace(k, '\m(gral)\M', 'general', 'g');
  k := regexp_replace(k, '\m(pdte|pte)\M', 'presidente', 'g');
  k := regexp_replace(k, '\m(calle|cl)\M', ' ', 'g');
  RETURN btrim(regexp_replace(k, '\s+', ' ', 'g'));
END
$$;
