-- An order event's lines name the part and its variant as the public API's order lines do: partId
-- the part (a variant's line used to carry the variant's own row there), variantId the variant or
-- null. Replacing a function takes no lock on any table.
CREATE OR REPLACE FUNCTION "webhook_order_data"(p_order uuid) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', o."id",
    'number', 'SP-' || o."number",
    'status', o."status",
    'currency', o."currency",
    'subtotal', o."subtotal_cents" / 100.0,
    'discount', o."discount_cents" / 100.0,
    'shipping', o."shipping_cents" / 100.0,
    'tax', o."tax_cents" / 100.0,
    'total', o."total_cents" / 100.0,
    'lines', coalesce((
      SELECT jsonb_agg(jsonb_build_object(
        'id', b."id",
        'partId', coalesce(t."variant_of", b."tool_id"),
        'variantId', CASE WHEN t."variant_of" IS NULL THEN NULL ELSE b."tool_id" END,
        'name', b."tool_name",
        'quantity', b."quantity",
        'unitPrice', b."unit_price_cents" / 100.0,
        'total', coalesce(b."charged_cents", b."total_cents") / 100.0,
        'status', b."status"
      ) ORDER BY b."seq")
      FROM "bookings" b LEFT JOIN "tools" t ON t."id" = b."tool_id"
      WHERE b."order_id" = o."id"
    ), '[]'::jsonb)
  )
  FROM "orders" o WHERE o."id" = p_order
$$;
