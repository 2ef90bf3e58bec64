-- agentkit proposal inbox, version 4: an approval is of a version. A refresh that changes what a
-- proposal runs (its ops or its slots) starts a new version of its round, and an approval counts
-- only toward the version, the escalation stage and the exact calls (slot values filled in) it
-- approved. Portable SQL: runs unchanged on H2 2.x and PostgreSQL 12+.

ALTER TABLE agentkit_proposal ADD COLUMN version_no INTEGER DEFAULT 1 NOT NULL;

-- One row per approval of a version. The approval table of version 2 is no longer read: its rows
-- do not say which version, stage or values they approved, so they cannot count toward any.
CREATE TABLE agentkit_version_approval (
  ask_key          VARCHAR(1000) NOT NULL,
  round_no         INTEGER       NOT NULL,
  version_no       INTEGER       NOT NULL,
  escalated        BOOLEAN       NOT NULL,
  approver         VARCHAR(200)  NOT NULL,
  approved_at      TIMESTAMP WITH TIME ZONE NOT NULL,
  calls_digest     VARCHAR(100)  NOT NULL,
  slot_values_json VARCHAR(100000) NOT NULL,
  PRIMARY KEY (ask_key, round_no, version_no, escalated, approver)
);
