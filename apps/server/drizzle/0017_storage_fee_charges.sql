CREATE TABLE "storage_fee_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"days" integer NOT NULL,
	"through_date" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text,
	"checkout_session_id" uuid,
	"paid_at" timestamp with time zone,
	"recorded_by" uuid,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_fee_charges_amount" CHECK ("storage_fee_charges"."amount_cents" > 0 and "storage_fee_charges"."days" >= 0),
	CONSTRAINT "storage_fee_charges_status" CHECK ("storage_fee_charges"."status" in ('pending', 'paid', 'void')),
	CONSTRAINT "storage_fee_charges_method" CHECK ("storage_fee_charges"."method" is null or "storage_fee_charges"."method" in ('online', 'cash', 'card_terminal')),
	CONSTRAINT "storage_fee_charges_paid" CHECK (("storage_fee_charges"."status" = 'paid') = ("storage_fee_charges"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "storage_fee_charges" ADD CONSTRAINT "storage_fee_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_fee_charges" ADD CONSTRAINT "storage_fee_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_fee_charges" ADD CONSTRAINT "storage_fee_charges_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_fee_charges" ADD CONSTRAINT "storage_fee_charges_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_fee_charges_order_idx" ON "storage_fee_charges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "storage_fee_charges_user_idx" ON "storage_fee_charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "storage_fee_charges_session_idx" ON "storage_fee_charges" USING btree ("checkout_session_id");
