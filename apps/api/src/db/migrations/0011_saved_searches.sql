-- Saved searches and in-app alerts (ADR 053): searches (personal or shared), their
-- members (subscription, last opening), the outbox every property add or change writes in its own
-- transaction, and the alerts the matching worker makes of it after the commit (unique per outbox
-- row, user and search: processing a row twice never alerts twice).
CREATE TABLE "property_match_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_match_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"actor_id" integer,
	"before" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_members" (
	"saved_search_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"opened_at" timestamp (3) with time zone,
	CONSTRAINT "saved_search_members_saved_search_id_user_id_pk" PRIMARY KEY("saved_search_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_scope_check" CHECK ("saved_searches"."scope" in ('personal', 'shared'))
);
--> statement-breakpoint
CREATE TABLE "search_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"saved_search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"outbox_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp (3) with time zone,
	CONSTRAINT "search_alerts_reason_check" CHECK ("search_alerts"."reason" in ('added', 'now_matches'))
);
--> statement-breakpoint
ALTER TABLE "saved_search_members" ADD CONSTRAINT "saved_search_members_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_members" ADD CONSTRAINT "saved_search_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alerts" ADD CONSTRAINT "search_alerts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_members_user_idx" ON "saved_search_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_searches_owner_idx" ON "saved_searches" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "saved_searches_shared_idx" ON "saved_searches" USING btree ("scope") WHERE "saved_searches"."scope" = 'shared';--> statement-breakpoint
CREATE INDEX "search_alerts_user_idx" ON "search_alerts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "search_alerts_unread_idx" ON "search_alerts" USING btree ("user_id") WHERE "search_alerts"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "search_alerts_outbox_idx" ON "search_alerts" USING btree ("outbox_id","user_id","saved_search_id");--> statement-breakpoint
CREATE INDEX "search_alerts_search_idx" ON "search_alerts" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "search_alerts_property_idx" ON "search_alerts" USING btree ("property_id");