-- Idempotency keys (ADR 043): the answer of each write sent with an Idempotency-Key,
-- per user (the token's subject) and key, for 24 hours; a null status is a claim in progress.
-- Expired keys are collected hourly through the index on expires_at.
CREATE TABLE "idempotency_keys" (
	"subject" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"claim" text NOT NULL,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"status" smallint,
	"headers" jsonb,
	"body" text,
	CONSTRAINT "idempotency_keys_subject_key_pk" PRIMARY KEY("subject","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");
