CREATE TABLE "desk_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"staff_id" uuid NOT NULL,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_marks_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "desk_marks_kind" CHECK ("desk_marks"."kind" in ('missing', 'damaged'))
);
--> statement-breakpoint
ALTER TABLE "desk_marks" ADD CONSTRAINT "desk_marks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "desk_marks" ADD CONSTRAINT "desk_marks_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "desk_marks" ADD CONSTRAINT "desk_marks_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "desk_marks_created_idx" ON "desk_marks" USING btree ("created_at");
