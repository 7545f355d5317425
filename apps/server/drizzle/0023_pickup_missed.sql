-- A visit whose slot ended without a check-in is 'missed' (docs/decisions/080-pickup-missed-walk-ins.md).
ALTER TABLE "pickup_appointments" DROP CONSTRAINT "pickup_appointments_status";--> statement-breakpoint
ALTER TABLE "pickup_appointments" ADD CONSTRAINT "pickup_appointments_status" CHECK ("pickup_appointments"."status" in ('scheduled', 'completed', 'cancelled', 'missed'));
