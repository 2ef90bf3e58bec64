dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
assert log.contains('could not write the snapshot of contract taskboard to ')
assert log.contains('pom.xml/snapshots/taskboard.json: ')
return true
