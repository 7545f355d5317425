CREATE TABLE "drops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"first_end_time" timestamp with time zone NOT NULL,
	"stagger_seconds" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drops_times" CHECK ("drops"."first_end_time" > "drops"."start_time"),
	CONSTRAINT "drops_stagger" CHECK ("drops"."stagger_seconds" between 0 and 86400),
	CONSTRAINT "drops_title_len" CHECK (char_length("drops"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "manifest_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"valid_rows" integer DEFAULT 0 NOT NULL,
	"error_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_rows" integer DEFAULT 0 NOT NULL,
	"unchanged_rows" integer DEFAULT 0 NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" jsonb,
	"error" text,
	"locked_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manifest_imports_status" CHECK ("manifest_imports"."status" in ('preview', 'importing', 'done', 'failed', 'discarded')),
	CONSTRAINT "manifest_imports_counts" CHECK ("manifest_imports"."total_rows" >= 0 and "manifest_imports"."valid_rows" >= 0 and "manifest_imports"."error_rows" >= 0 and "manifest_imports"."processed_rows" >= 0 and "manifest_imports"."created_rows" >= 0 and "manifest_imports"."unchanged_rows" >= 0)
);
--> statement-breakpoint
CREATE TABLE "second_chance_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auction_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"previous_order_id" uuid,
	"order_id" uuid,
	"created_by" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "second_chance_offers_amount" CHECK ("second_chance_offers"."amount_cents" between 1 and 10000000),
	CONSTRAINT "second_chance_offers_status" CHECK ("second_chance_offers"."status" in ('open', 'accepted', 'declined', 'expired', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_auction_id_unique";--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_lengths";--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "drop_id" uuid;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "relisted_from_id" uuid;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "launch_signups" ADD COLUMN "confirm_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "launch_signups" ADD COLUMN "open_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "launch_signups" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drops" ADD CONSTRAINT "drops_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_imports" ADD CONSTRAINT "manifest_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_previous_order_id_orders_id_fk" FOREIGN KEY ("previous_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_chance_offers" ADD CONSTRAINT "second_chance_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drops_start_idx" ON "drops" USING btree ("start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manifest_imports_created_idx" ON "manifest_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manifest_imports_status_idx" ON "manifest_imports" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "second_chance_offers_open_uq" ON "second_chance_offers" USING btree ("auction_id") WHERE "second_chance_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "second_chance_offers_user_idx" ON "second_chance_offers" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "second_chance_offers_status_expiry_idx" ON "second_chance_offers" USING btree ("status","expires_at");--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_drop_id_drops_id_fk" FOREIGN KEY ("drop_id") REFERENCES "public"."drops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_relisted_from_id_auctions_id_fk" FOREIGN KEY ("relisted_from_id") REFERENCES "public"."auctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auctions_drop_idx" ON "auctions" USING btree ("drop_id","end_time");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_auction_uq" ON "orders" USING btree ("auction_id") WHERE "orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_auction_idx" ON "orders" USING btree ("auction_id");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_lengths" CHECK (char_length("contact_messages"."name") <= 100 and char_length("contact_messages"."message") <= 2000 and ("contact_messages"."reply" is null or char_length("contact_messages"."reply") <= 5000));