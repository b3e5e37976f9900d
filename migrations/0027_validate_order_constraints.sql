-- The constraints 0025 added NOT VALID, so adding them did not scan bookings and the outbox under a
-- lock that stops every booking; validating them here scans under a lock that lets writes go on.
ALTER TABLE "bookings" VALIDATE CONSTRAINT "bookings_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "bookings" VALIDATE CONSTRAINT "bookings_line_amounts_not_negative";--> statement-breakpoint
ALTER TABLE "email_outbox" VALIDATE CONSTRAINT "email_outbox_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "email_outbox" VALIDATE CONSTRAINT "email_outbox_order_emails_name_one_order";--> statement-breakpoint
ALTER TABLE "returned_payments" VALIDATE CONSTRAINT "returned_payments_order_id_orders_id_fk";
