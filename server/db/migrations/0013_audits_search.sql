DROP INDEX "audits_tenant_created";--> statement-breakpoint
CREATE INDEX "audits_tenant_created_id" ON "audits" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audits_tenant_severity_created_id" ON "audits" USING btree ("tenant_id","severity","created_at","id");--> statement-breakpoint
CREATE INDEX "audits_tenant_email_id" ON "audits" USING btree ("tenant_id",coalesce("email", ''),"id");--> statement-breakpoint
CREATE INDEX "audits_tenant_action_id" ON "audits" USING btree ("tenant_id","action","id");--> statement-breakpoint
CREATE INDEX "audits_tenant_ip_id" ON "audits" USING btree ("tenant_id","ip_address","id");--> statement-breakpoint
CREATE INDEX "audits_tenant_severity_rank" ON "audits" USING btree ("tenant_id",(case "severity" when 'High' then 3 when 'Medium' then 2 else 1 end),"created_at","id");--> statement-breakpoint
CREATE INDEX "audits_search_trgm" ON "audits" USING gin (lower(coalesce("email", '') || E'\x1f' || "action" || E'\x1f' || "description" || E'\x1f' || "ip_address" || E'\x1f' || "user_agent") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audits_created" ON "audits" USING btree ("created_at");