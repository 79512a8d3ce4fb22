CREATE TABLE "story_viewers" (
	"organization_id" uuid NOT NULL,
	"story_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seen" integer NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "story_viewers_organization_id_story_id_user_id_pk" PRIMARY KEY("organization_id","story_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "story_viewers" ADD CONSTRAINT "story_viewers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_viewers" ADD CONSTRAINT "story_viewers_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_viewers" ADD CONSTRAINT "story_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_viewers_org_last_day_idx" ON "story_viewers" USING btree ("organization_id","last_day","story_id");--> statement-breakpoint
-- The rollups made before story progress was rolled up are thrown away: the next figures request or hourly
-- housekeeping makes them again, story progress included (decision 0058).
DELETE FROM "activity_days";--> statement-breakpoint
DELETE FROM "figure_days";--> statement-breakpoint
DELETE FROM "challenge_participants";--> statement-breakpoint
DELETE FROM "figures_rollups";
