-- Issue 47: one facility (name, address, phone, e-mail, opening hours) in the app settings (key "einrichtung").
-- Data only and idempotent: when no facility is stored yet, it is filled from module 210's stored contact
-- ('Kontakt' tab: kontakt_name, kontakt_adresse, kontakt_telefon, kontakt_email, kontakt_oeffnungszeiten),
-- else from module 410's company address (settings "firma": name, strasse, hausnummer, plz, ort, telefon, mail).
-- 210's free-text address is split into street and number (first line) and postcode and town (second line);
-- lines that do not fit the pattern stay whole in "strasse" and "ort". The old values stay where they are.
INSERT INTO "app_settings" ("key", "value")
SELECT 'einrichtung', "facility"
FROM (
  SELECT jsonb_build_object(
    'name', coalesce("k"->>'kontakt_name', ''),
    'strasse', coalesce("street"[1], "line1", ''),
    'hausnummer', coalesce("street"[2], ''),
    'plz', coalesce("town"[1], ''),
    'ort', coalesce("town"[2], "rest", ''),
    'telefon', coalesce("k"->>'kontakt_telefon', ''),
    'email', coalesce("k"->>'kontakt_email', ''),
    'oeffnungszeiten', coalesce("k"->>'kontakt_oeffnungszeiten', '')
  ) AS "facility", 1 AS "rank"
  FROM (
    SELECT "k", "lines"[1] AS "line1",
      nullif(array_to_string("lines"[2:], ', '), '') AS "rest",
      regexp_match("lines"[1], '^(.*\S)\s+(\d+\s?[A-Za-z]?(?:\s?[-/]\s?\d+\s?[A-Za-z]?)?)$') AS "street",
      CASE WHEN cardinality("lines") = 2 THEN regexp_match("lines"[2], '^(\d{5})\s+(.+)$') END AS "town"
    FROM (
      SELECT "value" AS "k",
        array_remove(regexp_split_to_array(btrim(coalesce("value"->>'kontakt_adresse', '')), '\s*[\n,]\s*'), '') AS "lines"
      FROM "module_settings"
      WHERE "module_code" = '210' AND jsonb_typeof("value") = 'object'
        AND concat("value"->>'kontakt_name', "value"->>'kontakt_adresse', "value"->>'kontakt_telefon',
          "value"->>'kontakt_email', "value"->>'kontakt_oeffnungszeiten') ~ '\S'
    ) AS "contact"
  ) AS "parsed"
  UNION ALL
  SELECT jsonb_build_object(
    'name', coalesce("f"->>'name', ''),
    'strasse', coalesce("f"->>'strasse', ''),
    'hausnummer', coalesce("f"->>'hausnummer', ''),
    'plz', coalesce("f"->>'plz', ''),
    'ort', coalesce("f"->>'ort', ''),
    'telefon', coalesce("f"->>'telefon', ''),
    'email', coalesce("f"->>'mail', ''),
    'oeffnungszeiten', ''
  ), 2
  FROM (SELECT "value"->'firma' AS "f" FROM "module_settings" WHERE "module_code" = '410') AS "firm"
  WHERE jsonb_typeof("f") = 'object'
    AND concat("f"->>'strasse', "f"->>'hausnummer', "f"->>'plz', "f"->>'ort', "f"->>'telefon', "f"->>'mail') ~ '\S'
  ORDER BY "rank"
  LIMIT 1
) AS "source"
WHERE NOT EXISTS (SELECT 1 FROM "app_settings" WHERE "key" = 'einrichtung')
ON CONFLICT ("key") DO NOTHING;
