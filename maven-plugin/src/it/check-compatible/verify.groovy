assert dev.agentkit.maven.ItBackend.lastAuthorization() == 'Bearer it-token-from-env'
dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert log.contains('[INFO] agentkit: taskboard: 0 breaking, 2 compatible, 0 informational (check of ')
def xml = new File(basedir, 'target/agentkit-reports/TEST-agentkit-taskboard.xml').text
assert xml.contains('failures="0"')
assert !log.contains('it-token-from-env')
return true
