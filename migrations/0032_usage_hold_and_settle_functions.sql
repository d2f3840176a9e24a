-- A request the web process answered in place (src/api/answer-in-place.ts: POST /v1/chat/completions with an
-- OpenAI-compatible provider) ends in this one call: its row written finished, its quota hold given back, its
-- ledger lines and the period's totals written, the quota events each line's bill crossed (before < share x
-- quota <= after, the thresholds and quotas passed in), and the job's own event, for the account's enabled
-- endpoints that want them. A function rather than a statement from the app because a statement is parsed and
-- planned on every call (Kiln runs without named prepared statements, for PgBouncer), and on that request the
-- planning cost more than the rest of Kiln's work; a function's plans are kept per connection. Nothing is
-- written when a row with the id exists: stored = false.
CREATE FUNCTION "settle_request"(
  p_id text, p_account_id text, p_key_id text, p_kind text, p_status text,
  p_input jsonb, p_result jsonb, p_error jsonb, p_created_at timestamptz, p_completed_at timestamptz,
  p_product text, p_period_start date, p_period_start_iso text, p_period_end_iso text,
  p_lines jsonb, p_thresholds jsonb,
  p_event_id text, p_event_type text, p_event_data jsonb, p_trace_context text
) RETURNS TABLE ("stored" boolean, "billed" boolean, "events" integer) LANGUAGE plpgsql AS $$
DECLARE
  v_line record;
  v_threshold record;
  v_total bigint;
  v_billed boolean := false;
  v_events integer := 0;
BEGIN
  INSERT INTO jobs (id, account_id, key_id, kind, status, input, result, error, attempts, created_at, updated_at, completed_at)
  VALUES (p_id, p_account_id, p_key_id, p_kind, p_status, p_input, p_result, p_error, 1, p_created_at, p_completed_at, p_completed_at)
  ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, false, 0;
    RETURN;
  END IF;

  -- The hold, given back in the period it was taken in (one reservation per metric).
  WITH r AS (DELETE FROM usage_reservations WHERE source_id = p_id RETURNING metric, period_start, quantity)
  UPDATE usage_totals t SET reserved = t.reserved - r.quantity FROM r
  WHERE t.account_id = p_account_id AND t.period_start = r.period_start AND t.metric = r.metric;

  FOR v_line IN SELECT l.metric, l.quantity FROM jsonb_to_recordset(p_lines) AS l(metric text, quantity bigint) LOOP
    INSERT INTO usage_ledger (account_id, key_id, product, metric, quantity, source_id, period_start)
    VALUES (p_account_id, p_key_id, p_product, v_line.metric, v_line.quantity, p_id, p_period_start)
    ON CONFLICT (source_id, metric) DO NOTHING;
    CONTINUE WHEN NOT FOUND;
    v_billed := true;
    INSERT INTO usage_totals AS t (account_id, period_start, metric, total)
    VALUES (p_account_id, p_period_start, v_line.metric, v_line.quantity)
    ON CONFLICT (account_id, period_start, metric) DO UPDATE SET total = t.total + EXCLUDED.total
    RETURNING t.total INTO v_total;
    FOR v_threshold IN
      SELECT x.type, x.quota, x.id FROM jsonb_to_recordset(p_thresholds) AS x(metric text, type text, share numeric, quota bigint, id text)
      WHERE x.metric = v_line.metric AND v_total - v_line.quantity < x.share * x.quota AND x.share * x.quota <= v_total
    LOOP
      INSERT INTO webhook_events (id, account_id, type, data, trace_context)
      SELECT v_threshold.id, p_account_id, v_threshold.type,
        jsonb_build_object('metric', v_line.metric, 'used', v_total, 'quota', v_threshold.quota, 'period_start', p_period_start_iso, 'period_end', p_period_end_iso),
        p_trace_context
      WHERE EXISTS (
        SELECT 1 FROM webhook_endpoints e
        WHERE e.account_id = p_account_id AND e.disabled_at IS NULL AND (cardinality(e.event_types) = 0 OR v_threshold.type = ANY(e.event_types)));
      IF FOUND THEN v_events := v_events + 1; END IF;
    END LOOP;
  END LOOP;

  INSERT INTO webhook_events (id, account_id, type, data, trace_context)
  SELECT p_event_id, p_account_id, p_event_type, p_event_data, p_trace_context
  WHERE EXISTS (
    SELECT 1 FROM webhook_endpoints e
    WHERE e.account_id = p_account_id AND e.disabled_at IS NULL AND (cardinality(e.event_types) = 0 OR p_event_type = ANY(e.event_types)));
  IF FOUND THEN v_events := v_events + 1; END IF;

  RETURN QUERY SELECT true, v_billed, v_events;
END $$;
--> statement-breakpoint
-- A request's quota hold (src/db/queries/usage.ts reserveUsage), as a function for the same reason: the
-- conditional upsert of the period's totals row and, only when it admitted, the reservation row. True when
-- held; false, changing nothing, when the billed total, the other holds and this one would pass the quota
-- (a null quota admits everything). Concurrent callers wait on the totals row's lock, and each sees the
-- others' holds.
CREATE FUNCTION "hold_usage"(
  p_account_id text, p_period_start date, p_metric text, p_quantity bigint, p_quota bigint, p_source_id text
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_totals AS t (account_id, period_start, metric, total, reserved)
  SELECT p_account_id, p_period_start, p_metric, 0, p_quantity
  WHERE p_quota IS NULL OR p_quantity <= p_quota
  ON CONFLICT (account_id, period_start, metric) DO UPDATE SET reserved = t.reserved + EXCLUDED.reserved
  WHERE p_quota IS NULL OR t.total + t.reserved + EXCLUDED.reserved <= p_quota;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO usage_reservations (source_id, metric, account_id, period_start, quantity)
  VALUES (p_source_id, p_metric, p_account_id, p_period_start, p_quantity);
  RETURN true;
END $$;
