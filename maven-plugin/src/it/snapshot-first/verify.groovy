// The settings.xml server's password went as a bearer token, the POM's header as configured.
assert dev.agentkit.maven.ItBackend.lastAuthorization() == 'Bearer it-token-from-settings'
assert dev.agentkit.maven.ItBackend.lastTenant() == 'acme'
dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json")
assert snapshot.isFile()
assert log.contains('agentkit: wrote the first snapshot of taskboard (3 ops, sha256:')
def text = snapshot.text
assert text.startsWith('{\n  "format": 2,\n  "contract": "taskboard",\n  "source": "http://127.0.0.1:')
assert text.indexOf('"archive_project"') < text.indexOf('"set_status"')
assert !text.contains('it-token-from-settings') && !log.contains('it-token-from-settings')
return true
