CREATE TABLE "revenue_daily" (
	"facilitator_id" uuid NOT NULL,
	"day" date NOT NULL,
	"tier_key" text NOT NULL,
	"tier_name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "revenue_daily_facilitator_id_day_tier_key_tier_name_pk" PRIMARY KEY("facilitator_id","day","tier_key","tier_name")
);
--> statement-breakpoint
-- Adds `cents` (and `n` entries) to a facilitator's local day of `at`, in their time zone now; nothing once
-- the facilitator is gone (their rows go with them, below).
CREATE FUNCTION "revenue_daily_add"(p_facilitator uuid, p_key text, p_name text, p_at timestamptz, p_cents bigint, p_n integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT u.time_zone FROM users u WHERE u.id = p_facilitator);
  local_day date;
BEGIN
  IF zone IS NULL THEN
    RETURN;
  END IF;
  local_day := (p_at AT TIME ZONE zone)::date;
  INSERT INTO revenue_daily AS d (facilitator_id, day, tier_key, tier_name, amount_cents, entries)
  VALUES (p_facilitator, local_day, p_key, p_name, p_cents, p_n)
  ON CONFLICT (facilitator_id, day, tier_key, tier_name)
  DO UPDATE SET amount_cents = d.amount_cents + excluded.amount_cents, entries = d.entries + excluded.entries;
  DELETE FROM revenue_daily d
  WHERE d.facilitator_id = p_facilitator AND d.day = local_day AND d.tier_key = p_key AND d.tier_name = p_name
    AND d.entries = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION "revenue_daily_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM revenue_daily_add(OLD.facilitator_id, coalesce(OLD.tier_id::text, OLD.tier_name), OLD.tier_name,
      OLD.occurred_at, -OLD.amount_cents, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM revenue_daily_add(NEW.facilitator_id, coalesce(NEW.tier_id::text, NEW.tier_name), NEW.tier_name,
      NEW.occurred_at, NEW.amount_cents, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "revenue_daily_entry" AFTER INSERT OR DELETE OR UPDATE OF facilitator_id, tier_id, tier_name, amount_cents, occurred_at
ON "revenue_entries" FOR EACH ROW EXECUTE FUNCTION revenue_daily_entry();
--> statement-breakpoint
-- A facilitator's days move with their time zone: rebuild their rollup from the entries.
CREATE FUNCTION "revenue_daily_rebuild"(f uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM revenue_daily WHERE facilitator_id = f;
  INSERT INTO revenue_daily (facilitator_id, day, tier_key, tier_name, amount_cents, entries)
  SELECT r.facilitator_id, (r.occurred_at AT TIME ZONE u.time_zone)::date, coalesce(r.tier_id::text, r.tier_name),
         r.tier_name, sum(r.amount_cents), count(*)
  FROM revenue_entries r JOIN users u ON u.id = r.facilitator_id
  WHERE r.facilitator_id = f
  GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
CREATE FUNCTION "revenue_daily_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM revenue_daily WHERE facilitator_id = OLD.id;
  ELSE
    PERFORM revenue_daily_rebuild(NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "revenue_daily_zone" AFTER UPDATE OF time_zone ON "users"
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION revenue_daily_zone();
--> statement-breakpoint
CREATE TRIGGER "revenue_daily_user_gone" AFTER DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION revenue_daily_zone();
--> statement-breakpoint
INSERT INTO revenue_daily (facilitator_id, day, tier_key, tier_name, amount_cents, entries)
SELECT r.facilitator_id, (r.occurred_at AT TIME ZONE u.time_zone)::date, coalesce(r.tier_id::text, r.tier_name),
       r.tier_name, sum(r.amount_cents), count(*)
FROM revenue_entries r JOIN users u ON u.id = r.facilitator_id
GROUP BY 1, 2, 3, 4;
