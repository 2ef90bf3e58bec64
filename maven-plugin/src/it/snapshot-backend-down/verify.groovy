dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert log.contains('could not fetch contract taskboard from http://127.0.0.1:')
assert snapshot.bytes == new File(basedir, 'committed.json').bytes
return true
