-- agentkit proposal inbox, version 3: where a proposal is shown (its context objects) and the host
-- application's metadata. Slots keep their label, type and options inside slots_json.

ALTER TABLE agentkit_proposal ADD COLUMN context_json VARCHAR(100000) DEFAULT '[]' NOT NULL;
ALTER TABLE agentkit_proposal ADD COLUMN metadata_json VARCHAR(100000) DEFAULT '{}' NOT NULL;

-- One row per context object of a proposal, so pending(context) finds them by index.
CREATE TABLE agentkit_proposal_context (
  ask_key          VARCHAR(1000) NOT NULL,
  kind             VARCHAR(200)  NOT NULL,
  object_id        VARCHAR(500)  NOT NULL,
  PRIMARY KEY (ask_key, kind, object_id)
);

CREATE INDEX agentkit_proposal_context_by_object ON agentkit_proposal_context (kind, object_id, ask_key);
