-- The statistics as last computed (ADR 051), per grouping and filters, shared by every
-- process: after a write they are served while one process (under an advisory lock) recomputes.
-- Rows computed long ago are collected through the index on computed_at.
CREATE TABLE "market_stats" (
	"key" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"computed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"stats" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "market_stats_computed_at_idx" ON "market_stats" USING btree ("computed_at");
