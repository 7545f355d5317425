CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text NOT NULL,
	"provider_payment_id" text,
	"status" text DEFAULT 'paid' NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"premium_cents" bigint NOT NULL,
	"pst_cents" bigint NOT NULL,
	"gst_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"currency" text DEFAULT 'cad' NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('paid', 'refunded')),
	CONSTRAINT "payments_money" CHECK ("payments"."subtotal_cents" >= 0 and "payments"."premium_cents" >= 0 and "payments"."pst_cents" >= 0 and "payments"."gst_cents" >= 0 and "payments"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_checkout_payments" (
	"provider_session_id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"card_last4" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "test_checkout_payments_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "test_checkout_payments_status" CHECK ("test_checkout_payments"."status" in ('paid', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" DROP CONSTRAINT "checkout_sessions_status";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_status";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_24h_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_2h_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD COLUMN "kind" text DEFAULT 'non_payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_session_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_session_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","paid_at");--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_strikes_order_kind_uq" ON "user_strikes" USING btree ("order_id","kind");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_status" CHECK ("checkout_sessions"."status" in ('open', 'paid', 'expired', 'failed', 'refunded'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status" CHECK ("products"."status" in ('draft', 'auctioned', 'sold', 'unsold', 'to_relist', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_kind" CHECK ("user_strikes"."kind" in ('non_payment'));