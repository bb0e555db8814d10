-- Spanish full-text search (ADR 019). Hand-edited after drizzle-kit: the functions, the
-- trigger and the backfill are ours. The trigram `like` over search_text found substrings only
-- ("casas" missed "Casa"), searched three fields, and its cost grew with the table; the document
-- below is Spanish words, stemmed and whole, over six fields, behind a GIN index. PGlite and
-- PostgreSQL both ship the `spanish` and `simple` configurations and `unaccent` (0001).
--
-- Words as both sides see them: lowercase, no accents (vina = Viña), O'Higgins as one word, and
-- street-type abbreviations written out (av = avda = avenida), so "av" finds "Avenida" and
-- "avenida" finds "Av.". Anything but letters and digits separates words. A loop over the words
-- with one CASE, not a regular expression per abbreviation: the trigger runs it four times a
-- row, and the first version made a million-row load several times slower
-- (bench/reports/2026-12-08-figures-from-comments.md).
CREATE FUNCTION "bec_search_words"("t" text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text;
  words text[] := '{}';
BEGIN
  FOREACH w IN ARRAY regexp_split_to_array(lower(public.unaccent(translate(coalesce("t", ''), '''’`´', ''))), '[^a-z0-9]+') LOOP
    CONTINUE WHEN w = '';
    words := words || CASE w
      WHEN 'av' THEN 'avenida' WHEN 'avda' THEN 'avenida' WHEN 'avd' THEN 'avenida'
      WHEN 'pje' THEN 'pasaje' WHEN 'psje' THEN 'pasaje'
      WHEN 'depto' THEN 'departamento' WHEN 'dpto' THEN 'departamento' WHEN 'dto' THEN 'departamento' WHEN 'depa' THEN 'departamento'
      WHEN 'deptos' THEN 'departamentos' WHEN 'dptos' THEN 'departamentos' WHEN 'dtos' THEN 'departamentos' WHEN 'depas' THEN 'departamentos'
      WHEN 'of' THEN 'oficina' WHEN 'pob' THEN 'poblacion' WHEN 'pobl' THEN 'poblacion'
      WHEN 'cond' THEN 'condominio' WHEN 'parc' THEN 'parcela' WHEN 'gral' THEN 'general'
      WHEN 'pdte' THEN 'presidente' WHEN 'sta' THEN 'santa' WHEN 'sto' THEN 'santo'
      WHEN 'stgo' THEN 'santiago' WHEN 'ote' THEN 'oriente'
      ELSE w END;
  END LOOP;
  RETURN array_to_string(words, ' ');
END
$$;--> statement-breakpoint
-- A text's words twice: Spanish stems ("casas" → cas, "parcelas" → parcel; stop words dropped),
-- which any form of the word finds, and whole words, which a word being typed finds by prefix
-- ("provi" → providencia; the stem of a half-typed word is not a prefix of the word's stem).
CREATE FUNCTION "bec_search_vector"("t" text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  w text := "bec_search_words"("t");
BEGIN
  RETURN to_tsvector('pg_catalog.spanish', w) || to_tsvector('pg_catalog.simple', w);
END
$$;--> statement-breakpoint
-- A property's document, weighted for the relevance sort: its name (A) over its comuna and
-- address (B), over its región (C), over its broker and notes (D).
CREATE FUNCTION "bec_search_document"("name" text, "comuna" text, "address" text, "region" text, "broker" text, "notes" text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight("bec_search_vector"("name"), 'A')
    || setweight("bec_search_vector"(concat_ws(' ', "comuna", "address")), 'B')
    || setweight("bec_search_vector"("region"), 'C')
    || setweight("bec_search_vector"(concat_ws(' ', "broker", "notes")), 'D')
$$;--> statement-breakpoint
-- What a user typed, as a query: every word must match, by its Spanish stem (accents optional,
-- any number or gender), and the last one also as the start of a whole word, since it may be
-- half typed. Stop words ("de", "la") and a lone last letter ask for nothing, but a last word of
-- four letters or more is a prefix even if it is a stop word ("estad" → estadio, "para" →
-- paradero); with no word left
-- the query is null, which the list reads as "no search". IMMUTABLE, so a statement planned with
-- its values folds it to a constant the planner can estimate (how common the words are). Built
-- without the empty tsquery, whose every use raises a NOTICE.
CREATE FUNCTION "bec_search_query"("q" text) RETURNS tsquery LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  words text[] := string_to_array("bec_search_words"("q"), ' ');
  n integer := coalesce(array_length(words, 1), 0);
  result tsquery;
  term tsquery;
BEGIN
  FOR i IN 1..n LOOP
    IF length(to_tsvector('pg_catalog.spanish', words[i])) > 0 THEN
      term := plainto_tsquery('pg_catalog.spanish', words[i]);
    ELSIF i = n AND length(words[i]) >= 4 THEN
      term := NULL;
    ELSE
      CONTINUE;
    END IF;
    IF i = n THEN
      CONTINUE WHEN length(words[i]) < 2;
      term := CASE WHEN term IS NULL THEN to_tsquery('pg_catalog.simple', words[i] || ':*')
        ELSE term || to_tsquery('pg_catalog.simple', words[i] || ':*') END;
    END IF;
    result := CASE WHEN result IS NULL THEN term ELSE result && term END;
  END LOOP;
  RETURN result;
END
$$;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "properties_derive"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  city_name text;
  region_name text;
  broker_name text;
BEGIN
  SELECT c."region_id", c."name", r."name" INTO NEW."region_id", city_name, region_name
    FROM "cities" c JOIN "regions" r ON r."id" = c."region_id" WHERE c."id" = NEW."city_id";
  SELECT b."name" INTO broker_name FROM "brokers" b WHERE b."id" = NEW."broker_id";
  NEW."search_vector" := "bec_search_document"(NEW."name", city_name, NEW."address", region_name, broker_name, NEW."notes");
  NEW."address_key" := "bec_address_key"(NEW."address");
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER "properties_derive" ON "properties";--> statement-breakpoint
CREATE TRIGGER "properties_derive" BEFORE INSERT OR UPDATE OF "name", "address", "city_id", "broker_id", "notes" ON "properties" FOR EACH ROW EXECUTE FUNCTION "properties_derive"();--> statement-breakpoint
-- A renamed broker is found under the new name (a deleted one's properties lose it through the
-- foreign key's SET NULL, an UPDATE OF broker_id). updated_at is the app's, so it stays: a rename
-- is no edit of the property, and open edit forms stay current.
CREATE FUNCTION "brokers_rename_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "properties" SET "broker_id" = "broker_id" WHERE "broker_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "brokers_rename_search" AFTER UPDATE OF "name" ON "brokers" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "brokers_rename_search"();--> statement-breakpoint
UPDATE "properties" SET "name" = "name";--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "search_vector" SET NOT NULL;--> statement-breakpoint
DROP INDEX "properties_search_idx";--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "search_text";--> statement-breakpoint
-- Ten times the default statistics: the planner estimates a word by the lexemes ANALYZE keeps
-- (10 × this target) and guesses any other as half the rarest kept. With the default, a comuna of
-- 450 listings in a million was estimated at 1,600 and searched by walking the newest-first index
-- through 49,000 rows instead of reading its 450 from the GIN index.
ALTER TABLE "properties" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_vector");
