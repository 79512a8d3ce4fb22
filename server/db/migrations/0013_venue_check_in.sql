CREATE TABLE "venue_checkins" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"points_awarded" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"venue" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"secret" text NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"draft" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue_checkins" ADD CONSTRAINT "venue_checkins_event_id_venue_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."venue_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_checkins" ADD CONSTRAINT "venue_checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_events" ADD CONSTRAINT "venue_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_checkins_event_user_uq" ON "venue_checkins" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "venue_checkins_user_idx" ON "venue_checkins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "venue_events_org_starts_idx" ON "venue_events" USING btree ("organization_id","starts_at");