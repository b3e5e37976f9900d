CREATE TABLE "outside_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outside_refunds_amount_not_negative" CHECK ("outside_refunds"."amount_cents" >= 0)
);
