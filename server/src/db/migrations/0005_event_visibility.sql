-- Restricted members must not learn of croppings hidden from them through the audit trail. While a cropping
-- exists its events follow its current cropping_permissions; once it is deleted those rows are gone with it,
-- so each cropping event keeps the members it was hidden from when it was written.
ALTER TABLE events ADD COLUMN hidden_from integer[] NOT NULL DEFAULT '{}';
