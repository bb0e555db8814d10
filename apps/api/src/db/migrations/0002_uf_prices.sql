-- Prices in UF (ADR 014). Hand-edited after drizzle-kit: the backfill, the rows of the one-row
-- tables and the triggers are ours. A price keeps the unit it was entered in (price_amount,
-- price_unit); "price" becomes the peso equivalent that every filter, sort and index reads.
CREATE TABLE "uf_fetch" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"lease_until" timestamp (3) with time zone,
	"next_at" timestamp (3) with time zone,
	"succeeded_at" timestamp (3) with time zone,
	"failed_at" timestamp (3) with time zone,
	"failure" text,
	CONSTRAINT "uf_fetch_single_row" CHECK ("uf_fetch"."only")
);
--> statement-breakpoint
INSERT INTO "uf_fetch" DEFAULT VALUES;--> statement-breakpoint
CREATE TABLE "uf_pricing" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"date" date,
	"value" numeric(12, 2),
	"source" text,
	"priced_at" timestamp (3) with time zone,
	CONSTRAINT "uf_pricing_single_row" CHECK ("uf_pricing"."only"),
	CONSTRAINT "uf_pricing_complete" CHECK (("uf_pricing"."date" is null) = ("uf_pricing"."value" is null) and ("uf_pricing"."date" is null) = ("uf_pricing"."source" is null))
);
--> statement-breakpoint
-- No UF value is known yet: UF prices have no peso equivalent until the UF job sets one.
INSERT INTO "uf_pricing" DEFAULT VALUES;--> statement-breakpoint
CREATE TABLE "uf_values" (
	"date" date PRIMARY KEY NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"source" text NOT NULL,
	"stored_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uf_values_value_check" CHECK ("uf_values"."value" between 1000 and 100000),
	CONSTRAINT "uf_values_source_check" CHECK ("uf_values"."source" in ('cmf', 'mindicador', 'manual', 'demo'))
);
--> statement-breakpoint
-- Every existing price was whole pesos: it becomes its own amount, in CLP, unchanged (lossless).
-- Before the new trigger exists, so the backfill recomputes nothing.
ALTER TABLE "properties" ADD COLUMN "price_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_unit" text DEFAULT 'CLP' NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "price_amount" = "price";--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "price_amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_price_unit_check" CHECK ("properties"."price_unit" in ('CLP', 'UF'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_price_amount_check" CHECK ("properties"."price_amount" >= 0 and ("properties"."price_unit" = 'UF' or "properties"."price_amount" = trunc("properties"."price_amount")));--> statement-breakpoint
-- Price sorts with unknown peso prices last either way (as price per m², migration 0001); the
-- price filters compare the same expressions, so one index serves each bound.
DROP INDEX "properties_price_idx";--> statement-breakpoint
CREATE INDEX "properties_price_asc_idx" ON "properties" USING btree (coalesce("price", 9223372036854775807),"id");--> statement-breakpoint
CREATE INDEX "properties_price_desc_idx" ON "properties" USING btree (coalesce("price", -1),"id");--> statement-breakpoint
-- properties_derive keeps the region and the search text; the price moves to its own trigger,
-- which re-pricing fires alone (no comuna lookup, no unaccent, no search index entry per row).
CREATE OR REPLACE FUNCTION "properties_derive"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  city_name text;
BEGIN
  SELECT c."region_id", c."name" INTO NEW."region_id", city_name FROM "cities" c WHERE c."id" = NEW."city_id";
  NEW."search_text" := lower(unaccent(concat_ws(' ', NEW."name", NEW."address", city_name)));
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "properties_derive" ON "properties";--> statement-breakpoint
CREATE TRIGGER "properties_derive" BEFORE INSERT OR UPDATE OF "name", "address", "city_id" ON "properties" FOR EACH ROW EXECUTE FUNCTION "properties_derive"();--> statement-breakpoint
-- The peso equivalent and the pesos per m², whoever writes the row (the API, a bulk load, psql).
-- A UF price uses the value in uf_pricing, read FOR SHARE: while the UF job re-prices (it holds
-- that row), a UF row being written waits and then gets the new value, so no row is left priced
-- with the old one. The job hands its value over in bec.uf_value (set_config, transaction-local).
-- A writer that sets only "price" (written before UF prices) means pesos: it becomes the amount.
CREATE FUNCTION "properties_price"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  basis text;
  area numeric;
  uf numeric;
  given text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."price_amount" IS NULL AND NEW."price_unit" = 'CLP' THEN
      NEW."price_amount" := NEW."price";
    END IF;
  ELSIF NEW."price" IS DISTINCT FROM OLD."price" AND NEW."price_amount" = OLD."price_amount"
    AND NEW."price_unit" = OLD."price_unit" AND NEW."price_unit" = 'CLP' THEN
    NEW."price_amount" := NEW."price";
  END IF;
  IF NEW."price_unit" = 'UF' THEN
    given := current_setting('bec.uf_value', true);
    IF given IS NULL OR given = '' THEN
      SELECT p."value" INTO uf FROM "uf_pricing" p FOR SHARE;
    ELSIF given <> 'none' THEN
      uf := given::numeric;
    END IF;
    NEW."price" := round(NEW."price_amount" * uf);
  ELSE
    NEW."price" := NEW."price_amount";
  END IF;
  SELECT t."area_basis" INTO basis FROM "property_types" t WHERE t."id" = NEW."property_type_id";
  area := CASE WHEN basis = 'land' THEN NEW."land_sqmts" ELSE NEW."building_sqmts" END;
  NEW."price_per_sqm" := CASE WHEN area > 0 THEN round(NEW."price" / area) END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_price" BEFORE INSERT OR UPDATE OF "price", "price_amount", "price_unit", "building_sqmts", "land_sqmts", "property_type_id" ON "properties" FOR EACH ROW EXECUTE FUNCTION "properties_price"();
