-- The team's workflow (ADR 018): brokers the team manages, the scouting pipeline with
-- visits, an append-only history of every change and access decision, and the normalised address
-- behind duplicate warnings. Hand-edited after drizzle-kit: the functions, triggers, backfills and
-- comments are ours.
CREATE TABLE "access_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"actor_email" text,
	"action" text NOT NULL,
	"subject_email" text NOT NULL,
	"subject_name" text,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text,
	"kind" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"visited_at" timestamp (3) with time zone NOT NULL,
	"visitor_id" integer,
	"notes" text,
	"rating" smallint,
	"created_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_visits_rating_check" CHECK ("property_visits"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "visit_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"visit_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"content_hash" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "archived_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "brokers" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "stage_rank" smallint GENERATED ALWAYS AS (case stage when 'new' then 0 when 'to_visit' then 1 when 'visited' then 2 when 'negotiating' then 3 when 'offer_made' then 4 when 'bought' then 5 when 'discarded' then 6 end::smallint) STORED;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "discard_reason" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "address_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "property_photos" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "property_visits" ADD CONSTRAINT "property_visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_visits" ADD CONSTRAINT "property_visits_visitor_id_users_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_visits" ADD CONSTRAINT "property_visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_photos" ADD CONSTRAINT "visit_photos_visit_id_property_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."property_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_audit_at_idx" ON "access_audit" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "access_audit_subject_idx" ON "access_audit" USING btree ("subject_email","at","id");--> statement-breakpoint
CREATE INDEX "access_audit_actor_idx" ON "access_audit" USING btree ("actor_email","at","id");--> statement-breakpoint
CREATE INDEX "property_history_property_idx" ON "property_history" USING btree ("property_id","id");--> statement-breakpoint
CREATE INDEX "property_visits_property_idx" ON "property_visits" USING btree ("property_id","visited_at");--> statement-breakpoint
CREATE INDEX "property_visits_visitor_idx" ON "property_visits" USING btree ("visitor_id","visited_at");--> statement-breakpoint
CREATE INDEX "visit_photos_visit_idx" ON "visit_photos" USING btree ("visit_id","position");--> statement-breakpoint
CREATE INDEX "brokers_name_id_idx" ON "brokers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "properties_stage_created_id_idx" ON "properties" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "properties_stage_rank_idx" ON "properties" USING btree ("stage_rank","id");--> statement-breakpoint
CREATE INDEX "properties_address_key_idx" ON "properties" USING btree ("city_id","address_key");--> statement-breakpoint
CREATE INDEX "property_photos_hash_idx" ON "property_photos" USING btree ("content_hash") WHERE "property_photos"."content_hash" is not null;--> statement-breakpoint
-- Phones as E.164: the sample brokers' "+56 9 8123 4567" becomes "+56981234567"; anything that is
-- not a Chilean number (nine digits after 56) is dropped rather than kept unreadable.
UPDATE "brokers" SET "phone" = CASE
  WHEN regexp_replace("phone", '[^0-9]', '', 'g') ~ '^(56)?[2-9][0-9]{8}$'
  THEN '+56' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 9)
END WHERE "phone" IS NOT NULL;--> statement-breakpoint
-- An address as a key for "is this the same listing?": lower case without accents or
-- punctuation, street types spelt out ("Av." = "Avda" = "Avenida"), and without unit numbers
-- ("depto 501", "of. 12", "casa 3") or "N°" before the street number. Declared immutable so it
-- can be compared with the stored key; unaccent's rules do not change under a running database.
CREATE FUNCTION "bec_address_key"("address" text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  k text := lower(public.unaccent("address"));
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
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_derive"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  city_name text;
BEGIN
  SELECT c."region_id", c."name" INTO NEW."region_id", city_name FROM "cities" c WHERE c."id" = NEW."city_id";
  NEW."search_text" := lower(unaccent(concat_ws(' ', NEW."name", NEW."address", city_name)));
  NEW."address_key" := "bec_address_key"(NEW."address");
  RETURN NEW;
END
$$;--> statement-breakpoint
-- `visited` follows the stage: visited and every stage after it; new and to visit never; a
-- discarded property was visited if one of its visits is in the past. Whoever writes the row.
-- A writer that sets only `visited` (the original's Sí/No: a bulk load, psql) moves the stage
-- instead: on to visited, or back to new.
CREATE FUNCTION "properties_visited"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."visited" AND NEW."stage" = 'new' THEN NEW."stage" := 'visited'; END IF;
  ELSIF NEW."stage" = OLD."stage" AND NEW."visited" IS DISTINCT FROM OLD."visited" THEN
    IF NEW."visited" AND NEW."stage" IN ('new', 'to_visit') THEN
      NEW."stage" := 'visited';
    ELSIF NOT NEW."visited" AND NEW."stage" IN ('visited', 'negotiating', 'offer_made', 'bought') THEN
      NEW."stage" := 'new';
    END IF;
  END IF;
  NEW."visited" := CASE WHEN NEW."stage" = 'discarded'
    THEN TG_OP = 'UPDATE' AND EXISTS (
      SELECT 1 FROM "property_visits" v WHERE v."property_id" = NEW."id" AND v."visited_at" <= now())
    ELSE NEW."stage" IN ('visited', 'negotiating', 'offer_made', 'bought') END;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "properties_visited" BEFORE INSERT OR UPDATE OF "stage", "visited" ON "properties" FOR EACH ROW EXECUTE FUNCTION "properties_visited"();--> statement-breakpoint
-- A visit logged, moved or removed re-derives a discarded property's `visited`.
CREATE FUNCTION "property_visits_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "properties" SET "stage" = "stage"
  WHERE "stage" = 'discarded' AND "id" IN (
    SELECT "property_id" FROM inserted UNION SELECT "property_id" FROM deleted);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "property_visits_touch_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "properties" SET "stage" = "stage"
  WHERE "stage" = 'discarded' AND "id" IN (SELECT "property_id" FROM inserted);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "property_visits_touch_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "properties" SET "stage" = "stage"
  WHERE "stage" = 'discarded' AND "id" IN (SELECT "property_id" FROM deleted);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_visits_touch_insert" AFTER INSERT ON "property_visits" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "property_visits_touch_insert"();--> statement-breakpoint
CREATE TRIGGER "property_visits_touch_update" AFTER UPDATE ON "property_visits" REFERENCING OLD TABLE AS deleted NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "property_visits_touch"();--> statement-breakpoint
CREATE TRIGGER "property_visits_touch_delete" AFTER DELETE ON "property_visits" REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "property_visits_touch_delete"();--> statement-breakpoint
-- History is written once and never again: no update, delete or truncate, from the API or psql.
CREATE FUNCTION "history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_history_append_only" BEFORE UPDATE OR DELETE ON "property_history" FOR EACH ROW EXECUTE FUNCTION "history_append_only"();--> statement-breakpoint
CREATE TRIGGER "property_history_no_truncate" BEFORE TRUNCATE ON "property_history" FOR EACH STATEMENT EXECUTE FUNCTION "history_append_only"();--> statement-breakpoint
CREATE TRIGGER "access_audit_append_only" BEFORE UPDATE OR DELETE ON "access_audit" FOR EACH ROW EXECUTE FUNCTION "history_append_only"();--> statement-breakpoint
CREATE TRIGGER "access_audit_no_truncate" BEFORE TRUNCATE ON "access_audit" FOR EACH STATEMENT EXECUTE FUNCTION "history_append_only"();--> statement-breakpoint
-- Existing properties: the stage their visited flag says, and their address key (one pass).
UPDATE "properties" SET "address" = "address", "stage" = CASE WHEN "visited" THEN 'visited' ELSE 'new' END;--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_phone_check" CHECK ("brokers"."phone" ~ '^\+56[2-9][0-9]{8}$');--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_stage_check" CHECK ("properties"."stage" in ('new', 'to_visit', 'visited', 'negotiating', 'offer_made', 'bought', 'discarded'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_discard_reason_check" CHECK (("properties"."stage" = 'discarded') = ("properties"."discard_reason" is not null));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_visited_stage_check" CHECK ("properties"."stage" = 'discarded' or "properties"."visited" = ("properties"."stage" in ('visited', 'negotiating', 'offer_made', 'bought')));