CREATE TABLE "directory_configurations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"source" text NOT NULL,
	"connection_name" text NOT NULL,
	"sync_to_user_management" boolean DEFAULT true NOT NULL,
	"token_hash" text NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_groups" (
	"configuration_id" text NOT NULL,
	"group_id" text NOT NULL,
	"external_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_groups_configuration_id_group_id_pk" PRIMARY KEY("configuration_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "directory_users" (
	"configuration_id" text NOT NULL,
	"user_id" text NOT NULL,
	"external_id" text,
	"user_name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"resource" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_users_configuration_id_user_id_pk" PRIMARY KEY("configuration_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"configuration_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"domain" text NOT NULL,
	"validated" boolean DEFAULT false NOT NULL,
	"txt_record" text NOT NULL,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"configuration_id" text NOT NULL,
	"group" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_seen_assertions" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_configurations" ADD COLUMN "sign_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configurations" ADD COLUMN "groups_claim" text DEFAULT 'groups' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configurations" ADD COLUMN "metadata_url" text;--> statement-breakpoint
ALTER TABLE "sso_configurations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_configurations" ADD CONSTRAINT "directory_configurations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_groups" ADD CONSTRAINT "directory_groups_configuration_id_directory_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."directory_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_groups" ADD CONSTRAINT "directory_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_users" ADD CONSTRAINT "directory_users_configuration_id_directory_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."directory_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_users" ADD CONSTRAINT "directory_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_configuration_id_sso_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."sso_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_groups" ADD CONSTRAINT "sso_groups_configuration_id_sso_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."sso_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_configurations_tenant" ON "directory_configurations" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_configurations_token" ON "directory_configurations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_users_user_name" ON "directory_users" USING btree ("configuration_id",lower("user_name"));--> statement-breakpoint
CREATE INDEX "directory_users_user" ON "directory_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_configuration_domain" ON "sso_domains" USING btree ("configuration_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_domains_validated_domain" ON "sso_domains" USING btree ("domain") WHERE "sso_domains"."validated";--> statement-breakpoint
CREATE INDEX "sso_domains_tenant" ON "sso_domains" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_groups_configuration_group" ON "sso_groups" USING btree ("configuration_id",lower("group"));--> statement-breakpoint
CREATE INDEX "sso_configurations_tenant" ON "sso_configurations" USING btree ("tenant_id");--> statement-breakpoint
-- The domains of existing configurations (set by /dev/sso-configurations, which routed sign-ins by them) become
-- validated domain rows; where two configurations named one domain, the older one keeps it validated.
INSERT INTO "sso_domains" ("id", "configuration_id", "tenant_id", "domain", "validated", "txt_record", "validated_at")
SELECT id, configuration_id, tenant_id, domain, first, txt, CASE WHEN first THEN now() END
FROM (
  SELECT gen_random_uuid()::text AS id, c."id" AS configuration_id, c."tenant_id" AS tenant_id, d.domain,
         row_number() OVER (PARTITION BY d.domain ORDER BY c."created_at", c."id") = 1 AS first,
         'fe-verification=' || md5(random()::text || c."id" || d.domain) AS txt
  FROM "sso_configurations" c
  CROSS JOIN LATERAL (SELECT DISTINCT lower(value) AS domain FROM jsonb_array_elements_text(c."domains")) d
) moved;
