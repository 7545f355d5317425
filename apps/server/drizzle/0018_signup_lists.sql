-- One table for the signup lists (docs/decisions/054-one-signup-list.md): launch_signups becomes
-- list_signups with a `list` column ('launch' for every row it has), the new-drops email's rows move over
-- as list 'drops' (ids kept, so the unsubscribe links already sent still name their signup), and
-- drop_list_signups goes. One signup per address per list, as the two tables' unique indexes said.
ALTER TABLE "launch_signups" RENAME TO "list_signups";--> statement-breakpoint
ALTER INDEX "launch_signups_pkey" RENAME TO "list_signups_pkey";--> statement-breakpoint
ALTER TABLE "list_signups" RENAME CONSTRAINT "launch_signups_status" TO "list_signups_status";--> statement-breakpoint
ALTER TABLE "list_signups" RENAME CONSTRAINT "launch_signups_user_id_users_id_fk" TO "list_signups_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "list_signups" ADD COLUMN "list" text DEFAULT 'launch' NOT NULL;--> statement-breakpoint
ALTER TABLE "list_signups" ADD CONSTRAINT "list_signups_list" CHECK ("list_signups"."list" in ('launch', 'drops'));--> statement-breakpoint
DROP INDEX "launch_signups_email_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "list_signups_list_email_uq" ON "list_signups" USING btree ("list",lower("email"));--> statement-breakpoint
INSERT INTO "list_signups" ("id", "list", "email", "source", "status", "confirm_token_hash", "confirm_token_expires_at", "confirmed_at", "confirm_sent_at", "unsubscribed_at", "created_at", "updated_at")
SELECT "id", 'drops', "email", "source", "status", "confirm_token_hash", "confirm_token_expires_at", "confirmed_at", "confirm_sent_at", "unsubscribed_at", "created_at", "updated_at" FROM "drop_list_signups";--> statement-breakpoint
DROP TABLE "drop_list_signups";
