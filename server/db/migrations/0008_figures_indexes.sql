DROP INDEX "point_transactions_org_created_idx";--> statement-breakpoint
CREATE INDEX "users_org_created_idx" ON "users" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "challenge_responses_challenge_answered_idx" ON "challenge_responses" USING btree ("challenge_id","answered_at","user_id");--> statement-breakpoint
CREATE INDEX "trivia_answers_challenge_answered_idx" ON "trivia_answers" USING btree ("challenge_id","answered_at","user_id");--> statement-breakpoint
CREATE INDEX "checkins_day_user_idx" ON "checkins" USING btree ("day","user_id");--> statement-breakpoint
CREATE INDEX "article_reads_created_idx" ON "article_reads" USING btree ("created_at","article_id","user_id");--> statement-breakpoint
CREATE INDEX "story_chapter_views_story_created_idx" ON "story_chapter_views" USING btree ("story_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "video_views_created_idx" ON "video_views" USING btree ("created_at","video_id","user_id");--> statement-breakpoint
CREATE INDEX "sweepstake_entries_created_idx" ON "sweepstake_entries" USING btree ("created_at","sweepstake_id","user_id","count");--> statement-breakpoint
CREATE INDEX "point_transactions_org_created_idx" ON "point_transactions" USING btree ("organization_id","created_at","user_id","amount");