CREATE TABLE "vendor_metadata" (
	"vendor_id" text NOT NULL,
	"entity_name" text NOT NULL,
	"configuration" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_metadata_vendor_id_entity_name_pk" PRIMARY KEY("vendor_id","entity_name")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "sign_up_role_key" text DEFAULT 'Admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_metadata" ADD CONSTRAINT "vendor_metadata_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;