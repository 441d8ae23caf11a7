-- A nutrient requirement layer keeps the method it was worked out by (RB209 for holdings on the ADAS PK model,
-- SRUC for those on SRUC) and what it was worked out from (table, crop, expected yield, straw, soil indices;
-- domain/src/layers/requirementBasis.ts), so that a later change of the holding's PK model recalculates nothing
-- and the layer can say how its figures were made.
ALTER TABLE data_layers
  ADD COLUMN recommendation_method text CHECK (recommendation_method IN ('RB209', 'SRUC')),
  ADD COLUMN recommendation jsonb;

-- Requirement layers made before this were worked out from the RB209 tables.
UPDATE data_layers SET recommendation_method = 'RB209' WHERE type_id = 30;
