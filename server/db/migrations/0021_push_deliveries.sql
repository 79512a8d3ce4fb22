CREATE TABLE "push_deliveries" (
	"job_key" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"outcome" text DEFAULT 'sending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_job_key_subscription_id_pk" PRIMARY KEY("job_key","subscription_id"),
	CONSTRAINT "push_deliveries_outcome_known" CHECK ("push_deliveries"."outcome" in ('sending', 'delivered', 'dropped', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "push_deliveries_created_idx" ON "push_deliveries" USING btree ("created_at");