-- agentkit proposal inbox, version 2: oversight (approvals from a named set, deadlines, expiry).

ALTER TABLE agentkit_proposal ADD COLUMN deadline_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE agentkit_proposal ADD COLUMN escalated BOOLEAN DEFAULT FALSE NOT NULL;

CREATE INDEX agentkit_proposal_by_deadline ON agentkit_proposal (state, deadline_at);

CREATE TABLE agentkit_proposal_approval (
  ask_key          VARCHAR(1000) NOT NULL,
  round_no         INTEGER       NOT NULL,
  approver         VARCHAR(200)  NOT NULL,
  approved_at      TIMESTAMP WITH TIME ZONE NOT NULL,
  slot_values_json VARCHAR(100000) NOT NULL,
  PRIMARY KEY (ask_key, round_no, approver)
);
