ALTER TABLE "tenants" ADD COLUMN "tenant_type" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sub_account_access_type" text DEFAULT 'defaultOn' NOT NULL;--> statement-breakpoint
CREATE INDEX "tenants_parent_id" ON "tenants" USING btree ("parent_id");