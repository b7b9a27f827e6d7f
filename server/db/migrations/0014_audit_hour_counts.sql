CREATE TABLE "audit_hour_counts" (
	"tenant_id" text NOT NULL,
	"hour" timestamp NOT NULL,
	"severity" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "audit_hour_counts_tenant_id_hour_severity_pk" PRIMARY KEY("tenant_id","hour","severity")
);
--> statement-breakpoint
-- The counts follow the rows: statement triggers, so a bulk insert or a retention batch updates each hour once.
CREATE FUNCTION "audit_hour_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "audit_hour_counts" ("tenant_id", "hour", "severity", "n")
  SELECT "tenant_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), "severity", count(*)::int
  FROM "audit_rows_added" WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("tenant_id", "hour", "severity") DO UPDATE SET "n" = "audit_hour_counts"."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_hour_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "audit_hour_counts" AS c SET "n" = c."n" - d."n"
  FROM (
    SELECT "tenant_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "severity", count(*)::int AS "n"
    FROM "audit_rows_removed" WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2, 3
  ) AS d
  WHERE c."tenant_id" = d."tenant_id" AND c."hour" = d."hour" AND c."severity" = d."severity";
  DELETE FROM "audit_hour_counts"
  WHERE "n" <= 0 AND ("tenant_id", "hour") IN (
    SELECT DISTINCT "tenant_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') FROM "audit_rows_removed"
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_hour_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No route updates an audit row (append-only); a manual update of its tenant, time or severity still keeps
  -- the counts right: the old rows' counts go, the new rows' come.
  UPDATE "audit_hour_counts" AS c SET "n" = c."n" - d."n"
  FROM (
    SELECT "tenant_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC') AS "hour", "severity", count(*)::int AS "n"
    FROM "audit_rows_removed" WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2, 3
  ) AS d
  WHERE c."tenant_id" = d."tenant_id" AND c."hour" = d."hour" AND c."severity" = d."severity";
  INSERT INTO "audit_hour_counts" ("tenant_id", "hour", "severity", "n")
  SELECT "tenant_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), "severity", count(*)::int
  FROM "audit_rows_added" WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2, 3
  ON CONFLICT ("tenant_id", "hour", "severity") DO UPDATE SET "n" = "audit_hour_counts"."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "audit_hour_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "audit_hour_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "audits_hour_counts_insert" AFTER INSERT ON "audits"
  REFERENCING NEW TABLE AS "audit_rows_added" FOR EACH STATEMENT EXECUTE FUNCTION "audit_hour_counts_add"();--> statement-breakpoint
CREATE TRIGGER "audits_hour_counts_delete" AFTER DELETE ON "audits"
  REFERENCING OLD TABLE AS "audit_rows_removed" FOR EACH STATEMENT EXECUTE FUNCTION "audit_hour_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "audits_hour_counts_update" AFTER UPDATE ON "audits"
  REFERENCING OLD TABLE AS "audit_rows_removed" NEW TABLE AS "audit_rows_added"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_hour_counts_move"();--> statement-breakpoint
CREATE TRIGGER "audits_hour_counts_truncate" AFTER TRUNCATE ON "audits"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_hour_counts_clear"();--> statement-breakpoint
INSERT INTO "audit_hour_counts" ("tenant_id", "hour", "severity", "n")
SELECT "tenant_id", date_trunc('hour', "created_at" AT TIME ZONE 'UTC'), "severity", count(*)::int
FROM "audits" WHERE "tenant_id" IS NOT NULL GROUP BY 1, 2, 3;
