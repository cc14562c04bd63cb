-- A branch's registered address as ETDA's e-Tax XML carries it (issue 34 part 5, decision 3402):
-- house or building number, street, the sub-district's TISI 1099 code (its district and province
-- follow) and the postcode, as JSON of the contract's thaiAddressSchema, checked against the TISI
-- table by the back office (modules/thai-addresses). NULL: not entered yet; the branch's invoices
-- then print its own display address, never the head office's.
ALTER TABLE branches ADD COLUMN registered_address jsonb;
