dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert log.contains('served contract taskboard with no op at all; an empty contract never replaces a snapshot, so ')
assert snapshot.bytes == new File(basedir, 'committed.json').bytes
return true
