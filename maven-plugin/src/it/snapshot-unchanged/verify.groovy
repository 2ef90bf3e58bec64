dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert log.contains('agentkit: taskboard is up to date (sha256:')
assert snapshot.bytes == new File(basedir, 'committed.json').bytes
return true
