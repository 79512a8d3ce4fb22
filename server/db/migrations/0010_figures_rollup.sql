CREATE TABLE "activity_days" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "activity_days_organization_id_user_id_day_pk" PRIMARY KEY("organization_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "challenge_participants" (
	"organization_id" uuid NOT NULL,
	"challenge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_day" date NOT NULL,
	CONSTRAINT "challenge_participants_organization_id_challenge_id_user_id_pk" PRIMARY KEY("organization_id","challenge_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "figure_days" (
	"organization_id" uuid NOT NULL,
	"figure" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "figure_days_organization_id_figure_day_key_pk" PRIMARY KEY("organization_id","figure","day","key")
);
--> statement-breakpoint
CREATE TABLE "figures_rollups" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"from_day" date,
	"through_day" date
);
--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figure_days" ADD CONSTRAINT "figure_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "figures_rollups" ADD CONSTRAINT "figures_rollups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_days_org_day_idx" ON "activity_days" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "challenge_participants_org_last_day_idx" ON "challenge_participants" USING btree ("organization_id","last_day","challenge_id");