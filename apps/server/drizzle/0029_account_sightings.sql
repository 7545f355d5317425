CREATE TABLE "account_sightings" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"day" date NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_sightings_user_id_kind_value_hash_day_pk" PRIMARY KEY("user_id","kind","value_hash","day"),
	CONSTRAINT "account_sightings_kind" CHECK ("account_sightings"."kind" in ('device', 'network', 'card'))
);
--> statement-breakpoint
ALTER TABLE "account_sightings" ADD CONSTRAINT "account_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_sightings_value_idx" ON "account_sightings" USING btree ("kind","value_hash");--> statement-breakpoint
CREATE INDEX "account_sightings_seen_idx" ON "account_sightings" USING btree ("seen_at");