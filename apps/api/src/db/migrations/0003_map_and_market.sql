-- The Data section (ADR 017). Hand-edited after drizzle-kit: the triggers, the
-- backfill and the comments are ours. Map pixels (map_x, map_y) are generated columns; the map's
-- cells are counted by statement triggers, so a view of all of Chile reads a bounded number of
-- cell rows however many properties there are.
CREATE TABLE "property_map_cells" (
	"level" smallint NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"city_id" integer NOT NULL,
	"property_type_id" integer NOT NULL,
	"visited" boolean NOT NULL,
	"region_id" smallint NOT NULL,
	"n" integer NOT NULL,
	"lat_sum" double precision NOT NULL,
	"lng_sum" double precision NOT NULL,
	CONSTRAINT "property_map_cells_level_cx_cy_city_id_property_type_id_visited_pk" PRIMARY KEY("level","cx","cy","city_id","property_type_id","visited")
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "map_x" integer GENERATED ALWAYS AS (case when latitude is not null and longitude is not null then least(16777215, greatest(0, floor(((longitude::float8 + 180) / 360) * 16777216)))::integer end) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "map_y" integer GENERATED ALWAYS AS (case when latitude is not null and longitude is not null then least(16777215, greatest(0, floor(((1 - ln(tan(radians(least(85.05112878, greatest(-85.05112878, latitude::float8)))) + 1 / cos(radians(least(85.05112878, greatest(-85.05112878, latitude::float8))))) / pi()) / 2) * 16777216)))::integer end) STORED;--> statement-breakpoint
ALTER TABLE "properties_total" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "properties_map_idx" ON "properties" USING btree ("map_y","map_x") WHERE "properties"."map_y" is not null;--> statement-breakpoint
CREATE INDEX "properties_type_map_idx" ON "properties" USING btree ("property_type_id","map_y","map_x") WHERE "properties"."map_y" is not null;--> statement-breakpoint
CREATE INDEX "properties_peers_idx" ON "properties" USING btree ("city_id","property_type_id","price_per_sqm") WHERE "properties"."price_per_sqm" is not null;--> statement-breakpoint
-- Every statement that writes properties bumps the version, which cached statistics are keyed by.
-- Insert and delete already update the row for the total, so they bump it there.
CREATE OR REPLACE FUNCTION "properties_total_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "properties_total" SET "n" = "n" + (SELECT count(*) FROM inserted), "version" = "version" + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "properties_total" SET "n" = "n" - (SELECT count(*) FROM deleted), "version" = "version" + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "properties_total" SET "version" = "version" + 1;
  ELSE
    UPDATE "properties_total" SET "n" = 0, "version" = "version" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_total_update" AFTER UPDATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "properties_total_count"();--> statement-breakpoint
-- The map's cells, levels 2 to 15, and level 0 for the properties without coordinates
-- (ADR 017), applied from a statement's rows as signed deltas:
-- +1 for a row that appears in a cell, -1 for one that leaves it. One upsert per statement, its
-- rows in key order, so concurrent writers lock shared cells in the same order (no deadlock).
-- Each row counts twice in a cell: under its comuna, type and visited, and in the cell's "every
-- property" row (city_id 0, property_type_id 0, visited false, region_id 0), so a view with no
-- filter reads one row per cell however many comunas and types share it (bench/README).
CREATE FUNCTION "property_map_cells_apply"(
  d_x integer[], d_y integer[], d_city integer[], d_type integer[], d_visited boolean[],
  d_region smallint[], d_lat double precision[], d_lng double precision[], d_sign integer[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "property_map_cells" AS c
    ("level", "cx", "cy", "city_id", "property_type_id", "visited", "region_id", "n", "lat_sum", "lng_sum")
  SELECT l.level, coalesce(d.x >> (24 - l.level), 0), coalesce(d.y >> (24 - l.level), 0), k.city,
    k.type, k.visited, min(k.region), sum(d.sign)::integer, coalesce(sum(d.sign * d.lat), 0),
    coalesce(sum(d.sign * d.lng), 0)
  FROM unnest(d_x, d_y, d_city, d_type, d_visited, d_region, d_lat, d_lng, d_sign)
    AS d(x, y, city, type, visited, region, lat, lng, sign)
  -- Level 0 is the one "cell" of the properties without coordinates (counted, listed apart).
  CROSS JOIN LATERAL (
    SELECT g FROM generate_series(2, 15) AS g WHERE d.x IS NOT NULL
    UNION ALL SELECT 0 WHERE d.x IS NULL
  ) AS l(level)
  CROSS JOIN LATERAL (VALUES (d.city, d.type, d.visited, d.region), (0, 0, false, 0::smallint))
    AS k(city, type, visited, region)
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("level", "cx", "cy", "city_id", "property_type_id", "visited") DO UPDATE SET
    "n" = c."n" + excluded."n",
    "lat_sum" = c."lat_sum" + excluded."lat_sum",
    "lng_sum" = c."lng_sum" + excluded."lng_sum"
$$;--> statement-breakpoint
-- Inserted rows count +1, deleted ones -1; an update moves the rows whose cell, comuna, type,
-- visited or coordinates changed (re-pricing changes none of them and writes no cell).
CREATE FUNCTION "properties_map_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "property_map_cells_apply"(array_agg(map_x), array_agg(map_y), array_agg(city_id),
      array_agg(property_type_id), array_agg(visited), array_agg(region_id),
      array_agg(latitude::float8), array_agg(longitude::float8), array_agg(1))
    FROM inserted;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "property_map_cells_apply"(array_agg(map_x), array_agg(map_y), array_agg(city_id),
      array_agg(property_type_id), array_agg(visited), array_agg(region_id),
      array_agg(latitude::float8), array_agg(longitude::float8), array_agg(-1))
    FROM deleted;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "property_map_cells_apply"(array_agg(m.map_x), array_agg(m.map_y), array_agg(m.city_id),
      array_agg(m.property_type_id), array_agg(m.visited), array_agg(m.region_id),
      array_agg(m.lat), array_agg(m.lng), array_agg(m.sign))
    FROM (
      SELECT r.* FROM deleted o JOIN inserted n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (o.map_x, o.map_y, o.city_id, o.property_type_id, o.visited, o.region_id, o.latitude::float8, o.longitude::float8, -1),
        (n.map_x, n.map_y, n.city_id, n.property_type_id, n.visited, n.region_id, n.latitude::float8, n.longitude::float8, 1)
      ) AS r(map_x, map_y, city_id, property_type_id, visited, region_id, lat, lng, sign)
      WHERE (o.latitude, o.longitude, o.city_id, o.property_type_id, o.visited)
        IS DISTINCT FROM (n.latitude, n.longitude, n.city_id, n.property_type_id, n.visited)
    ) AS m;
  ELSE
    DELETE FROM "property_map_cells";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_map_cells_insert" AFTER INSERT ON "properties" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "properties_map_cells"();--> statement-breakpoint
CREATE TRIGGER "properties_map_cells_delete" AFTER DELETE ON "properties" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "properties_map_cells"();--> statement-breakpoint
CREATE TRIGGER "properties_map_cells_update" AFTER UPDATE ON "properties" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "properties_map_cells"();--> statement-breakpoint
CREATE TRIGGER "properties_map_cells_truncate" AFTER TRUNCATE ON "properties" FOR EACH STATEMENT EXECUTE FUNCTION "properties_map_cells"();--> statement-breakpoint
-- The properties already there.
SELECT "property_map_cells_apply"(array_agg(map_x), array_agg(map_y), array_agg(city_id),
  array_agg(property_type_id), array_agg(visited), array_agg(region_id),
  array_agg(latitude::float8), array_agg(longitude::float8), array_agg(1))
FROM "properties";
