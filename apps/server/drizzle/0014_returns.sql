ALTER TABLE "products" ADD COLUMN "sale_terms" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "non_returnable_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_terms" CHECK ("products"."sale_terms" in ('standard', 'final_sale', 'as_is'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_non_returnable_kind" CHECK ("products"."non_returnable_kind" is null or "products"."non_returnable_kind" in ('perishable', 'personal_care', 'custom', 'hazardous', 'gift_card'));--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"deadline" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"drop_off_slot_id" uuid,
	"drop_off_starts_at" timestamp with time zone,
	"drop_off_ends_at" timestamp with time zone,
	"drop_off_booked_at" timestamp with time zone,
	"checklist" jsonb,
	"staff_note" text,
	"received_at" timestamp with time zone,
	"received_by" uuid,
	"refund_amount_cents" bigint,
	"refund_id" uuid,
	"refusal_reason" text,
	"item_kept" boolean,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"withdrawn_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_state" CHECK ("returns"."state" in ('requested', 'drop_off_booked', 'received', 'refunded', 'refused', 'withdrawn', 'expired')),
	CONSTRAINT "returns_reason" CHECK ("returns"."reason" in ('not_as_described', 'damaged', 'missing_parts', 'does_not_work', 'changed_mind', 'other')),
	CONSTRAINT "returns_refund_amount" CHECK ("returns"."refund_amount_cents" is null or "returns"."refund_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"state" text NOT NULL,
	"label" text NOT NULL,
	"detail" text,
	"actor_id" uuid,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "return_events_state" CHECK ("return_events"."state" in ('requested', 'drop_off_booked', 'received', 'refunded', 'refused', 'withdrawn', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"by_staff" boolean DEFAULT false NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_drop_off_slot_id_pickup_slots_id_fk" FOREIGN KEY ("drop_off_slot_id") REFERENCES "public"."pickup_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "returns_order_active_uq" ON "returns" USING btree ("order_id") WHERE "returns"."state" not in ('withdrawn', 'expired');--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_state_expires_idx" ON "returns" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "returns_drop_off_slot_idx" ON "returns" USING btree ("drop_off_slot_id");--> statement-breakpoint
CREATE INDEX "returns_drop_off_starts_idx" ON "returns" USING btree ("drop_off_starts_at");--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","at");--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("return_id","created_at");
