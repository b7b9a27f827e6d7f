CREATE TABLE "email_domain_restriction_configs" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"list_type" text DEFAULT 'BLOCK' NOT NULL,
	"block_public_domains" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_domain_restriction_configs_list_type" CHECK ("email_domain_restriction_configs"."list_type" in ('ALLOW', 'BLOCK'))
);
--> statement-breakpoint
CREATE TABLE "email_domain_restrictions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"domain" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_domain_restrictions_type" CHECK ("email_domain_restrictions"."type" in ('ALLOW', 'BLOCK'))
);
--> statement-breakpoint
ALTER TABLE "email_domain_restriction_configs" ADD CONSTRAINT "email_domain_restriction_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_domain_restrictions" ADD CONSTRAINT "email_domain_restrictions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_domain_restrictions_tenant_domain" ON "email_domain_restrictions" USING btree ("tenant_id","type","domain");