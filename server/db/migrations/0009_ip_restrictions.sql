CREATE TABLE "ip_restriction_configs" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"strategy" text DEFAULT 'ALLOW' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_restriction_configs_strategy" CHECK ("ip_restriction_configs"."strategy" in ('ALLOW', 'BLOCK'))
);
--> statement-breakpoint
CREATE TABLE "ip_restrictions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"ip" text NOT NULL,
	"strategy" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_restrictions_strategy" CHECK ("ip_restrictions"."strategy" in ('ALLOW', 'BLOCK'))
);
--> statement-breakpoint
ALTER TABLE "ip_restriction_configs" ADD CONSTRAINT "ip_restriction_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_restrictions" ADD CONSTRAINT "ip_restrictions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_restrictions_tenant_ip" ON "ip_restrictions" USING btree ("tenant_id","strategy","ip");