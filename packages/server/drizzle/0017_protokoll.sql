CREATE TABLE "protokoll" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"zeit" timestamp with time zone DEFAULT now() NOT NULL,
	"tx" bigint DEFAULT txid_current() NOT NULL,
	"nutzer_id" integer,
	"modul" text NOT NULL,
	"aktion" text NOT NULL,
	"objekt_typ" text NOT NULL,
	"objekt_id" text NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "protokoll_tx_objekt_idx" ON "protokoll" USING btree ("tx","zeit","modul","objekt_typ","objekt_id");--> statement-breakpoint
CREATE INDEX "protokoll_zeit_idx" ON "protokoll" USING btree ("zeit");--> statement-breakpoint
CREATE INDEX "protokoll_objekt_idx" ON "protokoll" USING btree ("objekt_typ","objekt_id");--> statement-breakpoint
-- The Protokoll's writer: one row trigger for every table whose changes are recorded (see the list at the end).
-- Arguments: module code, record type, the column naming the record (a leading '=' gives a fixed record name),
-- the columns never recorded (comma-separated; columns named like passwords, hashes, tokens or secrets never are),
-- and 'teil' for a table whose rows belong to another table's record (its own insert/delete is a change of that record).
-- The acting user comes from the transaction-local setting hortus.nutzer (platform/db/audit-context.ts).
CREATE FUNCTION "protokoll_zeile"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  spalte text := TG_ARGV[2];
  ohne text[] := string_to_array(coalesce(TG_ARGV[3], ''), ',');
  teil boolean := coalesce(TG_ARGV[4], '') = 'teil';
  alt jsonb;
  neu jsonb;
  felder jsonb := '{}'::jsonb;
  k text;
  objekt text;
  aktion text;
BEGIN
  IF current_setting('hortus.protokoll_aus', true) = 'ja' THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN alt := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN neu := to_jsonb(NEW); END IF;
  IF left(spalte, 1) = '=' THEN
    objekt := substr(spalte, 2);
  ELSE
    objekt := coalesce(neu ->> spalte, alt ->> spalte);
  END IF;
  IF objekt IS NULL THEN RETURN NULL; END IF;
  FOR k IN SELECT jsonb_object_keys(coalesce(neu, alt)) LOOP
    -- The record version and its last editor (optimistic locking) are bookkeeping, not a change of the record.
    CONTINUE WHEN k = ANY(ohne) OR k IN ('version', 'edited_by') OR k ~* '(password|passwort|hash|token|secret)';
    IF TG_OP = 'UPDATE' THEN
      IF (alt -> k) IS DISTINCT FROM (neu -> k) THEN
        felder := felder || jsonb_build_object(k, jsonb_build_array(alt -> k, neu -> k));
      END IF;
    ELSIF TG_OP = 'INSERT' THEN
      IF jsonb_typeof(neu -> k) <> 'null' THEN felder := felder || jsonb_build_object(k, jsonb_build_array(NULL, neu -> k)); END IF;
    ELSE
      IF jsonb_typeof(alt -> k) <> 'null' THEN felder := felder || jsonb_build_object(k, jsonb_build_array(alt -> k, NULL)); END IF;
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND felder = '{}'::jsonb THEN RETURN NULL; END IF;
  aktion := CASE WHEN teil OR TG_OP = 'UPDATE' THEN 'geändert' WHEN TG_OP = 'INSERT' THEN 'angelegt' ELSE 'gelöscht' END;
  INSERT INTO "protokoll" ("nutzer_id", "modul", "aktion", "objekt_typ", "objekt_id", "details")
  VALUES (
    nullif(current_setting('hortus.nutzer', true), '')::integer,
    TG_ARGV[0], aktion, TG_ARGV[1], objekt,
    jsonb_build_array(jsonb_build_object('t', TG_TABLE_NAME, 'a', TG_OP, 'f', felder))
  )
  ON CONFLICT ("tx", "zeit", "modul", "objekt_typ", "objekt_id") DO UPDATE SET
    "details" = "protokoll"."details" || excluded."details",
    "aktion" = CASE WHEN excluded."aktion" = 'geändert' THEN "protokoll"."aktion" ELSE excluded."aktion" END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Entries are never changed: only the writing transaction merges further changes of a record into its row,
-- and only the retention job (hortus.protokoll_bereinigen) and a backup's restore (hortus.protokoll_aus) remove rows.
CREATE FUNCTION "protokoll_schutz"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."tx" = txid_current() AND OLD."zeit" = now() AND NEW."id" = OLD."id"
     AND NEW."tx" = OLD."tx" AND NEW."zeit" = OLD."zeit" AND NEW."nutzer_id" IS NOT DISTINCT FROM OLD."nutzer_id"
     AND NEW."objekt_typ" = OLD."objekt_typ" AND NEW."objekt_id" = OLD."objekt_id" AND NEW."modul" = OLD."modul" THEN
    RETURN NEW;
  END IF;
  IF TG_OP IN ('DELETE', 'TRUNCATE') AND (current_setting('hortus.protokoll_bereinigen', true) = 'ja'
     OR current_setting('hortus.protokoll_aus', true) = 'ja') THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
  END IF;
  RAISE EXCEPTION 'Protokolleinträge können nicht geändert oder gelöscht werden.' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "protokoll_schutz" BEFORE UPDATE OR DELETE ON "protokoll" FOR EACH ROW EXECUTE FUNCTION "protokoll_schutz"();
--> statement-breakpoint
CREATE TRIGGER "protokoll_schutz_truncate" BEFORE TRUNCATE ON "protokoll" FOR EACH STATEMENT EXECUTE FUNCTION "protokoll_schutz"();
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Benutzer', 'id', 'last_view,created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "user_groups" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Benutzer', 'user_id', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "user_rights" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Benutzer', 'user_id', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "user_parameter_values" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Benutzer', 'user_id', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "groups" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Gruppe', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "group_rights" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Gruppe', 'group_id', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "group_parameters" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Gruppe', 'group_id', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "user_parameters" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Parameter', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "parameter_options" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('005', 'Parameter', 'parameter_id', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "module_settings" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('001', 'Moduleinstellungen', 'module_code', '');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "app_settings" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('001', 'Einstellungen', '=App', '', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_classes" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Klasse', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_phones" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_pickup_persons" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_recurring_exceptions" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_exceptions" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'child_id,created_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_attendance" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'id,child_id,changed_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_diary" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'child_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_documents" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'child_id,created_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "children_id_cards" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('200', 'Kind', 'child_id', 'child_id,preview,created_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customers" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Kunde', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_orders" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Auftrag', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_order_lines" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Auftrag', 'order_id', 'order_id', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_documents" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Auftrag', 'order_id', 'order_id,created_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_scheduled_documents" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Auftrag', 'order_id', 'order_id,created_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_costs" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Kosten', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "customer_cost_documents" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('410', 'Kosten', 'cost_id', 'cost_id,created_at', 'teil');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "payroll_employees" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('420', 'Mitarbeiter', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "payroll_payrolls" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('420', 'Lohnabrechnung', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "hydrant_streets" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('310', 'Straße', 'id', '');
--> statement-breakpoint
CREATE TRIGGER "protokoll" AFTER INSERT OR UPDATE OR DELETE ON "hydrants" FOR EACH ROW EXECUTE FUNCTION "protokoll_zeile"('310', 'Hydrant', 'id', 'created_at');
