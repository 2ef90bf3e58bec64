-- agentkit proposal inbox, version 6: the columns that hold a question or JSON (the ops and their
-- arguments, the slots, refs, context, metadata and slot values) are 1,000,000 characters wide,
-- so that the limits the inbox checks them against (20,000 characters a question or a value and
-- 100,000 a JSON column by default) can be raised on its builder. Widening a VARCHAR keeps the
-- values, NOT NULL and defaults. Portable SQL: runs unchanged on H2 2.x and PostgreSQL 12+.

ALTER TABLE agentkit_proposal ALTER COLUMN question SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_proposal ALTER COLUMN refs_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_proposal ALTER COLUMN ops_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_proposal ALTER COLUMN slots_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_proposal ALTER COLUMN slot_values_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_proposal ALTER COLUMN context_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_proposal ALTER COLUMN metadata_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE agentkit_version_approval ALTER COLUMN slot_values_json SET DATA TYPE VARCHAR(1000000);
