CREATE TABLE "properties_total_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_total_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_map_cell_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_map_cell_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"map_x" integer,
	"map_y" integer,
	"city_id" integer NOT NULL,
	"property_type_id" integer NOT NULL,
	"visited" boolean NOT NULL,
	"region_id" smallint NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"sign" smallint NOT NULL
);
--> statement-breakpoint
-- ADR 055. Hand-edited after drizzle-kit: the functions below are ours. Concurrent adds
-- queued on two kinds of shared rows, held to each writer's commit: the one row of
-- properties_total, and the map's coarse cells that every property of a region shares. The
-- statement triggers now append what a statement changed to the two tables above (an append takes
-- no row lock another writer waits for); bec_fold_property_deltas moves those rows into
-- properties_total and property_map_cells after the commits, one process at a time; readers add
-- the rows not yet folded, so every count stays exact.
CREATE OR REPLACE FUNCTION "properties_total_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "properties_total_deltas" ("n") SELECT count(*) FROM inserted;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "properties_total_deltas" ("n") SELECT -count(*) FROM deleted;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "properties_total_deltas" ("n") VALUES (0);
  ELSE
    -- TRUNCATE: the version seen (version + pending rows) still moves forward.
    WITH d AS (DELETE FROM "properties_total_deltas" RETURNING 1) SELECT count(*) INTO pending FROM d;
    UPDATE "properties_total" SET "n" = 0, "version" = "version" + pending + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_map_cells"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "property_map_cell_deltas"
      ("map_x", "map_y", "city_id", "property_type_id", "visited", "region_id", "lat", "lng", "sign")
    SELECT map_x, map_y, city_id, property_type_id, visited, region_id, latitude::float8,
      longitude::float8, 1
    FROM inserted;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "property_map_cell_deltas"
      ("map_x", "map_y", "city_id", "property_type_id", "visited", "region_id", "lat", "lng", "sign")
    SELECT map_x, map_y, city_id, property_type_id, visited, region_id, latitude::float8,
      longitude::float8, -1
    FROM deleted;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The rows whose cell, comuna, type, visited or coordinates changed move (re-pricing moves none).
    INSERT INTO "property_map_cell_deltas"
      ("map_x", "map_y", "city_id", "property_type_id", "visited", "region_id", "lat", "lng", "sign")
    SELECT r.* FROM deleted o JOIN inserted n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.map_x, o.map_y, o.city_id, o.property_type_id, o.visited, o.region_id, o.latitude::float8, o.longitude::float8, -1),
      (n.map_x, n.map_y, n.city_id, n.property_type_id, n.visited, n.region_id, n.latitude::float8, n.longitude::float8, 1)
    ) AS r(map_x, map_y, city_id, property_type_id, visited, region_id, lat, lng, sign)
    WHERE (o.latitude, o.longitude, o.city_id, o.property_type_id, o.visited)
      IS DISTINCT FROM (n.latitude, n.longitude, n.city_id, n.property_type_id, n.visited);
  ELSE
    DELETE FROM "property_map_cells";
    DELETE FROM "property_map_cell_deltas";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Moves every committed delta into the kept rows, in one transaction: a reader sees a row either
-- still pending or folded, never both. One fold at a time across processes (the others skip: the
-- running one takes their rows too); the cells are upserted in key order, as before. Answers how
-- many delta rows it folded (0 when another fold was running).
CREATE FUNCTION "bec_fold_property_deltas"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ax integer[]; ay integer[]; acity integer[]; atype integer[]; avisited boolean[];
  aregion smallint[]; alat double precision[]; alng double precision[]; asign integer[];
  cells integer;
  statements integer;
  dn bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(5501, 1) THEN
    RETURN 0;
  END IF;
  WITH d AS (DELETE FROM "property_map_cell_deltas" RETURNING *)
  SELECT array_agg(map_x), array_agg(map_y), array_agg(city_id), array_agg(property_type_id),
    array_agg(visited), array_agg(region_id), array_agg(lat), array_agg(lng),
    array_agg(sign::integer), count(*)
  INTO ax, ay, acity, atype, avisited, aregion, alat, alng, asign, cells
  FROM d;
  IF cells > 0 THEN
    PERFORM "property_map_cells_apply"(ax, ay, acity, atype, avisited, aregion, alat, alng, asign);
  END IF;
  WITH d AS (DELETE FROM "properties_total_deltas" RETURNING "n")
  SELECT coalesce(sum("n"), 0), count(*) INTO dn, statements FROM d;
  IF statements > 0 THEN
    UPDATE "properties_total" SET "n" = "n" + dn, "version" = "version" + statements;
  END IF;
  RETURN cells + statements;
END
$$;
