-- One visit for all wins (docs/decisions/058-one-visit-for-all-wins.md): an appointment (a visit) has
-- many orders; a slot's booked_count counts places (a visit above the location's items limit takes 2).
CREATE TABLE "pickup_appointment_orders" (
	"appointment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "pickup_appointment_orders_pk" PRIMARY KEY("appointment_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "pickup_appointment_orders" ADD CONSTRAINT "pickup_appointment_orders_appointment_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."pickup_appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_appointment_orders" ADD CONSTRAINT "pickup_appointment_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_appointment_orders_active_order_uq" ON "pickup_appointment_orders" USING btree ("order_id") WHERE "pickup_appointment_orders"."released_at" is null;--> statement-breakpoint
CREATE INDEX "pickup_appointment_orders_order_idx" ON "pickup_appointment_orders" USING btree ("order_id");--> statement-breakpoint
INSERT INTO "pickup_appointment_orders" ("appointment_id", "order_id", "released_at")
	SELECT "id", "order_id", CASE WHEN "status" = 'cancelled' THEN coalesce("cancelled_at", "updated_at") END
	FROM "pickup_appointments";--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD COLUMN "places" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD CONSTRAINT "pickup_appointments_places" CHECK ("pickup_appointments"."places" between 1 and 2);--> statement-breakpoint
ALTER TABLE "pickup_appointments" DROP CONSTRAINT "pickup_appointments_order_id_unique";--> statement-breakpoint
ALTER TABLE "pickup_appointments" DROP CONSTRAINT "pickup_appointments_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "pickup_appointments" DROP COLUMN "order_id";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "max_items_per_visit" smallint;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_max_items_per_visit" CHECK ("locations"."max_items_per_visit" is null or "locations"."max_items_per_visit" between 1 and 100);
