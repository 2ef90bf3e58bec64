dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert log.contains('[ERROR] agentkit: taskboard: 1 breaking, 2 compatible, 0 informational (check of ')
assert log.contains('agentkit: contract drift fails the check (failOn=breaking) for taskboard')
def xml = new File(basedir, 'target/agentkit-reports/TEST-agentkit-taskboard.xml').text
assert xml.contains('<testsuite name="agentkit.drift" tests="1" failures="1"')
assert xml.contains('<failure message="1 drift item fails the check" type="agentkit.drift">')
assert xml.contains('enum-value-removed: the backend removed enum value &quot;archived&quot; of set_status.status')
assert new File(basedir, 'target/agentkit-reports/agentkit-taskboard.txt').isFile()
assert snapshot.bytes == new File(basedir, 'committed.json').bytes
return true
