-- One photo per place in a property's order. Rows that share a place (none is expected:
-- every write numbers a property's photos 0, 1, 2, …) are numbered again in their order (position,
-- then id) before the constraint is added, so no database refuses the migration.
UPDATE "property_photos" AS p SET "position" = r.n
FROM (
  SELECT "id", (row_number() OVER (PARTITION BY "property_id" ORDER BY "position", "id") - 1)::integer AS n
  FROM "property_photos"
) AS r
WHERE p."id" = r."id" AND p."position" <> r.n;--> statement-breakpoint
DROP INDEX "property_photos_property_idx";--> statement-breakpoint
-- Deferred to the commit: an edit moves photos one at a time, so two may share a place until it
-- ends (drizzle-kit writes no DEFERRABLE: added here by hand). Its index serves the reads in order.
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_position_key" UNIQUE("property_id","position") DEFERRABLE INITIALLY DEFERRED;
