def log = new File(basedir, "build.log").text
// Step 2: the regenerated snapshot's summary names this project's affected acts.
assert log.contains('  affected acts in this project:')
assert log.contains('    - op-removed: the backend removed op archive_project, which Triage uses')
assert log.contains('    - it.Triage: breaking op-removed of archive_project')
// Step 3: the plain compile re-checks the agent.
assert log.contains('changed since the wiring of it.Triage was generated (sha256:')
assert log.contains('the module is recompiled to check it again')
assert log.contains('[UnknownOpcode] archive_project: the backend does not declare this opcode')
assert log.contains('the backend declares: set_task_due_date')
return true
