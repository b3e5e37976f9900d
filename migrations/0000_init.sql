CREATE TYPE "public"."booking_status" AS ENUM('unpaid', 'paid', 'shipped', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('admin', 'user');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bookings_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tool_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"email" text NOT NULL,
	"person_name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"status" "booking_status" DEFAULT 'unpaid' NOT NULL,
	"payment_intent_id" text,
	"transaction_id" text,
	"payment_error" text,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_quantity_positive" CHECK ("bookings"."quantity" >= 1),
	CONSTRAINT "bookings_total_not_negative" CHECK ("bookings"."total_cents" >= 0),
	CONSTRAINT "bookings_paid_has_transaction" CHECK (("bookings"."status" in ('paid', 'shipped')) = ("bookings"."transaction_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"booking_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reviews_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_1_to_5" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tools_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"img" text NOT NULL,
	"price_cents" integer NOT NULL,
	"minimum_order_quantity" integer NOT NULL,
	"available" integer NOT NULL,
	"description" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_price_not_negative" CHECK ("tools"."price_cents" >= 0),
	CONSTRAINT "tools_minimum_order_at_least_one" CHECK ("tools"."minimum_order_quantity" >= 1),
	CONSTRAINT "tools_stock_not_negative" CHECK ("tools"."available" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"firebase_uid" text,
	"display_name" text,
	"photo_url" text,
	"role" "user_role" DEFAULT 'user' NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_unique" ON "audit_events" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_seq_unique" ON "bookings" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_payment_intent_unique" ON "bookings" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "bookings_user_seq" ON "bookings" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "bookings_unpaid_created" ON "bookings" USING btree ("created_at") WHERE "bookings"."status" = 'unpaid';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_seq_unique" ON "reviews" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tools_seq_unique" ON "tools" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_firebase_uid" ON "users" USING btree ("firebase_uid");