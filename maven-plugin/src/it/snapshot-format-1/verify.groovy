dev.agentkit.maven.ItBackend.stop()
def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/taskboard.json").getText('UTF-8')
def committed = new File(basedir, 'committed.json').getText('UTF-8')
def digest = (committed =~ /"digest": "(sha256:[0-9a-f]{64})"/)[0][1]
assert log.contains("agentkit: taskboard is unchanged; rewrote it in snapshot format 2 (${digest}, ")
assert snapshot.startsWith('{\n  "format": 2,\n')
assert snapshot.contains("\n  \"digest\": \"${digest}\",\n")
// Only the format line, and the source stamp of the backend it was fetched from, differ.
def body = { String s -> s.replaceFirst(/"format": \d,/, '').replaceFirst(/"source": "[^"]*",/, '') }
assert body(snapshot) == body(committed)
return true
