ALTER TABLE "locations" ADD COLUMN "pickup_min_notice_minutes" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "pickup_schedule_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "short_code" text;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "booked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "reminder_day_before_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "reminder_hour_before_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "completed_by" uuid;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD CONSTRAINT "pickup_appointments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD CONSTRAINT "pickup_appointments_short_code_unique" UNIQUE("short_code");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_pickup_notice" CHECK ("locations"."pickup_min_notice_minutes" between 0 and 10080);