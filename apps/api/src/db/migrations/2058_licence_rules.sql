-- Licences as the market runs them (issue 36 part 1, decision 3601). What a licence from a country
-- needs beside it: the national licence alone, an international driving permit, or an IDP or an
-- official translation. The defaults live in the contract (licence-countries.ts); this table keeps
-- only the countries staff changed in the back office, so a default changed in code reaches every
-- country staff left alone.
CREATE TABLE licence_rules (
  country char(2) PRIMARY KEY,
  accepts text NOT NULL CHECK (accepts IN ('licence', 'idp', 'idp_or_translation')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- What each driver brings beside the licence: 'idp', 'translation', or NULL (nothing asked or said).
-- international_permit stays for what older rows and readers know; it means licence_document = 'idp'.
ALTER TABLE booking_drivers
  ADD COLUMN licence_document text CHECK (licence_document IN ('idp', 'translation'));
UPDATE booking_drivers SET licence_document = 'idp' WHERE international_permit;
