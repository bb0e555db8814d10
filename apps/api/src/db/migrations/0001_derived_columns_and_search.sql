-- Derived columns, search and count: what keeps the property list's cost independent of the
-- table's size (ADR 007). Hand-edited after drizzle-kit: the trigger and the backfill are ours.
-- pg_trgm and unaccent are trusted extensions (PostgreSQL 13+): a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
ALTER TABLE "property_types" ADD COLUMN "area_basis" text DEFAULT 'building' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_types" ADD CONSTRAINT "property_types_area_basis_check" CHECK ("property_types"."area_basis" in ('building', 'land'));--> statement-breakpoint
UPDATE "property_types" SET "area_basis" = 'land' WHERE "name" IN ('Terreno', 'Parcela');--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "region_id" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_per_sqm" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_text" text;--> statement-breakpoint
-- One place computes the derived columns, whoever writes the row (the API, a bulk load, psql).
CREATE FUNCTION "properties_derive"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  city_name text;
  basis text;
  area numeric;
BEGIN
  SELECT c."region_id", c."name" INTO NEW."region_id", city_name FROM "cities" c WHERE c."id" = NEW."city_id";
  SELECT t."area_basis" INTO basis FROM "property_types" t WHERE t."id" = NEW."property_type_id";
  area := CASE WHEN basis = 'land' THEN NEW."land_sqmts" ELSE NEW."building_sqmts" END;
  NEW."price_per_sqm" := CASE WHEN area > 0 THEN round(NEW."price" / area) END;
  NEW."search_text" := lower(unaccent(concat_ws(' ', NEW."name", NEW."address", city_name)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_derive" BEFORE INSERT OR UPDATE OF "name", "address", "price", "building_sqmts", "land_sqmts", "city_id", "property_type_id" ON "properties" FOR EACH ROW EXECUTE FUNCTION "properties_derive"();--> statement-breakpoint
UPDATE "properties" SET "name" = "name";--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "region_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "search_text" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Keyset indexes ascending: read backwards they serve `order by created_at desc, id desc`, which
-- the DESC NULLS LAST ones of 0000 could not (the planner sorted the whole table instead).
DROP INDEX "properties_created_idx";--> statement-breakpoint
DROP INDEX "properties_city_created_idx";--> statement-breakpoint
DROP INDEX "properties_type_created_idx";--> statement-breakpoint
CREATE INDEX "properties_created_id_idx" ON "properties" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "properties_city_created_id_idx" ON "properties" USING btree ("city_id","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_type_created_id_idx" ON "properties" USING btree ("property_type_id","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_region_created_id_idx" ON "properties" USING btree ("region_id","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_ppsqm_asc_idx" ON "properties" USING btree (coalesce("price_per_sqm", 9223372036854775807),"id");--> statement-breakpoint
CREATE INDEX "properties_ppsqm_desc_idx" ON "properties" USING btree (coalesce("price_per_sqm", -1),"id");--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The exact number of properties, kept per statement (a bulk insert updates it once).
CREATE TABLE "properties_total" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "properties_total_single_row" CHECK ("properties_total"."only")
);
--> statement-breakpoint
INSERT INTO "properties_total" ("n") SELECT count(*) FROM "properties";--> statement-breakpoint
CREATE FUNCTION "properties_total_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "properties_total" SET "n" = "n" + (SELECT count(*) FROM inserted);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "properties_total" SET "n" = "n" - (SELECT count(*) FROM deleted);
  ELSE
    UPDATE "properties_total" SET "n" = 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_total_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "properties_total_count"();--> statement-breakpoint
CREATE TRIGGER "properties_total_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "properties_total_count"();--> statement-breakpoint
CREATE TRIGGER "properties_total_truncate" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "properties_total_count"();
