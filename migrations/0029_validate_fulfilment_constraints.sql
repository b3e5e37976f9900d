-- The foreign keys 0028 added NOT VALID, so adding them did not scan bookings and the outbox under a
-- lock that stops every booking; validating them here scans under a lock that lets writes go on.
ALTER TABLE "bookings" VALIDATE CONSTRAINT "bookings_shipment_id_shipments_id_fk";--> statement-breakpoint
ALTER TABLE "email_outbox" VALIDATE CONSTRAINT "email_outbox_shipment_id_shipments_id_fk";--> statement-breakpoint
ALTER TABLE "email_outbox" VALIDATE CONSTRAINT "email_outbox_order_refund_id_order_refunds_id_fk";
