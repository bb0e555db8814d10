-- Uploads signed for an exact size (ADR 024): attaching one checks the stored object has
-- exactly that many bytes, so a cut PUT that a store kept is refused. Older rows (and uploads
-- signed by name alone, "at most the limit") keep false.
ALTER TABLE "uploads" ADD COLUMN "exact_size" boolean DEFAULT false NOT NULL;
