-- A Chilean listing's attributes (ADR 038): baños, estacionamientos, bodegas, gastos
-- comunes (whole pesos per month), piso, orientación and año de construcción, all optional, each
-- checked with the contracts' bounds. Partial indexes serve the grid's minimum dormitorios, baños
-- and estacionamientos and maximum gastos comunes when few rows match.
ALTER TABLE "properties" ADD COLUMN "bathrooms" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "parking_spaces" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "storage_units" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "common_expenses" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "floor" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "orientation" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "year_built" smallint;--> statement-breakpoint
CREATE INDEX "properties_rooms_idx" ON "properties" USING btree ("rooms") WHERE "properties"."rooms" is not null;--> statement-breakpoint
CREATE INDEX "properties_bathrooms_idx" ON "properties" USING btree ("bathrooms") WHERE "properties"."bathrooms" is not null;--> statement-breakpoint
CREATE INDEX "properties_parking_spaces_idx" ON "properties" USING btree ("parking_spaces") WHERE "properties"."parking_spaces" is not null;--> statement-breakpoint
CREATE INDEX "properties_common_expenses_idx" ON "properties" USING btree ("common_expenses") WHERE "properties"."common_expenses" is not null;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_bathrooms_check" CHECK ("properties"."bathrooms" between 0 and 50);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_parking_spaces_check" CHECK ("properties"."parking_spaces" between 0 and 100);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_storage_units_check" CHECK ("properties"."storage_units" between 0 and 100);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_common_expenses_check" CHECK ("properties"."common_expenses" between 0 and 100000000);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_floor_check" CHECK ("properties"."floor" between -10 and 200);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_year_built_check" CHECK ("properties"."year_built" between 1800 and 2100);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_orientation_check" CHECK ("properties"."orientation" in ('N', 'NE', 'E', 'SE', 'S', 'SO', 'O', 'NO'));