-- Issue 39: an open order is reused for the same payer and lines (no second gateway order); its row is reserved (opening, no gateway order yet) before the gateway is asked; a payer's recent orders are counted.
ALTER TABLE "fee_orders" ALTER COLUMN "gateway_order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD COLUMN "lines_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_orders_open_uq" ON "fee_orders" USING btree ("school_id","created_by","lines_key") WHERE "fee_orders"."status" in ('opening', 'created');--> statement-breakpoint
CREATE INDEX "fee_orders_creator_idx" ON "fee_orders" USING btree ("school_id","created_by","created_at");--> statement-breakpoint
ALTER TABLE fee_orders DROP CONSTRAINT fee_orders_status_ck;--> statement-breakpoint
ALTER TABLE fee_orders ADD CONSTRAINT fee_orders_status_ck CHECK (status IN ('opening', 'created', 'paid', 'unmatched', 'refunded', 'failed') AND amount > 0 AND (gateway_order_id IS NOT NULL OR status = 'opening'));
