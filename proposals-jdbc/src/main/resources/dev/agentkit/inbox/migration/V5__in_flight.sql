-- agentkit proposal inbox, version 5: an accept in flight is explicit. 'accepted' now means claimed
-- with none of its ops started (always safe to run); 'running' means an op was handed to the op
-- runner and its outcome is not recorded yet. ops_done counts the ops whose outcome is recorded,
-- so the op in doubt is the one at that index; run_token names the run that may write them.
-- Portable SQL: runs unchanged on H2 2.x and PostgreSQL 12+.

ALTER TABLE agentkit_proposal DROP CONSTRAINT agentkit_proposal_state_check;
ALTER TABLE agentkit_proposal ADD CONSTRAINT agentkit_proposal_state_check
  CHECK (state IN ('pending', 'declined', 'accepted', 'running', 'done', 'failed'));

ALTER TABLE agentkit_proposal ADD COLUMN run_token VARCHAR(64);
ALTER TABLE agentkit_proposal ADD COLUMN ops_done INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE agentkit_proposal ADD COLUMN op_started_at TIMESTAMP WITH TIME ZONE;

-- Before this version 'accepted' meant the ops were handed to the runner with no outcome written:
-- whether the first one ran is not known, which is what 'running' means now.
UPDATE agentkit_proposal SET state = 'running', op_started_at = decided_at WHERE state = 'accepted';
