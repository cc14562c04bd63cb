-- What documents publishes for the modules below it to read (issue 33, docs/decisions/3306): the
-- booking's read model (bookings, below documents in the module map) shows the tax invoice's number
-- and the credit and debit notes issued on a booking. A simple view keyed by booking id, pulled into
-- the reader's one statement (see 2151).
CREATE VIEW booking_document_facts AS
SELECT
  b.id AS booking_id,
  -- The booking's own full tax invoice, or the monthly invoice of a company that lists it.
  COALESCE((SELECT t.number FROM tax_invoices t WHERE t.booking_id = b.id),
    (SELECT t.number FROM tax_invoice_bookings l JOIN tax_invoices t ON t.id = l.invoice_id
      WHERE l.booking_id = b.id)) AS tax_invoice_number,
  COALESCE((SELECT json_agg(json_build_object('number', n.number, 'kind', n.kind,
      'issued_ms', (extract(epoch FROM n.issued_at) * 1000)::float8, 'total', (n.total_amount * 100)::int) ORDER BY n.id)
    FROM tax_notes n WHERE n.booking_id = b.id), '[]'::json) AS tax_notes
FROM bookings b;
