CREATE TABLE "drop_list_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"source" text DEFAULT 'drops-early-access' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text,
	"confirm_token_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirm_sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drop_list_signups_status" CHECK ("drop_list_signups"."status" in ('pending', 'confirmed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "drop_list_signups_email_uq" ON "drop_list_signups" USING btree (lower("email"));
