dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
assert log.contains('[WARNING] agentkit: the existing snapshot is unreadable and will be replaced: ')
assert log.contains('agentkit: wrote the first snapshot of taskboard (3 ops, sha256:')
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert snapshot.text.startsWith('{\n  "format": 2,\n  "contract": "taskboard",')
return true
