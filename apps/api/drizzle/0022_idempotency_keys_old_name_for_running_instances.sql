-- Instances started before 0021 still name the table by its old name until they are replaced (their
-- statements are prepared by name): a view under that name keeps their idempotent calls working
-- through a rolling deploy. A simple view passes their inserts (with ON CONFLICT), updates and
-- deletes on to the table. Drop it once no instance older than 0021 runs.
CREATE VIEW "payment_idempotency_keys" AS SELECT * FROM "idempotency_keys";
