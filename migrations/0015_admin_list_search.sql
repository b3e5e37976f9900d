CREATE INDEX "audit_events_actor_email_search" ON "audit_events" USING btree (left(lower("actor_email"), 128) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_events_action_search" ON "audit_events" USING btree (left(lower("action"), 128) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "audit_events_subject_search" ON "audit_events" USING btree (left(lower("subject"), 128) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_status_seq" ON "bookings" USING btree ("status","seq");--> statement-breakpoint
CREATE INDEX "bookings_email_search" ON "bookings" USING btree (left(lower("email"), 128) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_person_name_search" ON "bookings" USING btree (left(lower("person_name"), 128) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_search" ON "users" USING btree (left(lower("email"), 128) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_display_name_search" ON "users" USING btree (left(lower("display_name"), 128) text_pattern_ops);