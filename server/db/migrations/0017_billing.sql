CREATE TABLE "billing_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"provider_type" text NOT NULL,
	"externally_managed" boolean DEFAULT false NOT NULL,
	"customer_id" text,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"replaces_payment_method_id" text,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"externally_managed" boolean DEFAULT false NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"trial_end" timestamp with time zone,
	"cancellation_policy" text,
	"ended_at" timestamp with time zone,
	"payment_method_id" text,
	"trial_end_action" text DEFAULT 'change_to_default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"external_id" text NOT NULL,
	"receipt_number" text NOT NULL,
	"plan_id" text,
	"description" text DEFAULT '' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"total_amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"payment_date" timestamp with time zone,
	"payment_method_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"external_id" text NOT NULL,
	"type" text DEFAULT 'card' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"last4" text DEFAULT '' NOT NULL,
	"exp_month" integer DEFAULT 0 NOT NULL,
	"exp_year" integer DEFAULT 0 NOT NULL,
	"billing_name" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"billing_address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "price_amount" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "trial_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "seat_limit" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "allow_plan_downgrade" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "allow_plan_cancellation" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_provider_events" ADD CONSTRAINT "billing_provider_events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_tenant" ON "billing_accounts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "billing_accounts_customer" ON "billing_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_tenant" ON "billing_subscriptions" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_external" ON "billing_subscriptions" USING btree ("vendor_id","external_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due" ON "billing_subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
CREATE INDEX "invoices_tenant_created" ON "invoices" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_vendor_receipt" ON "invoices" USING btree ("vendor_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_vendor_external" ON "invoices" USING btree ("vendor_id","external_id");--> statement-breakpoint
CREATE INDEX "payment_methods_tenant" ON "payment_methods" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "payment_methods_external" ON "payment_methods" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_vendor_slug" ON "plans" USING btree ("vendor_id","slug");