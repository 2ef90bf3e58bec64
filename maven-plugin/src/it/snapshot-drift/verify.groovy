dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert log.contains('agentkit: taskboard changed (1 breaking, 2 compatible, 0 informational); rewrote ')
assert log.contains('  breaking (1):')
assert log.contains('    - enum-value-removed: the backend removed enum value "archived" of set_status.status; calls with it are now rejected')
assert log.contains('  compatible (2):')
assert log.contains('    - op-added: the backend added op create_task')
assert log.contains('    - description-changed: the backend changed the description of set_task_due_date; the live wording is what the model reads')
assert snapshot.bytes != new File(basedir, 'committed.json').bytes
assert snapshot.text.contains('"create_task"')
return true
