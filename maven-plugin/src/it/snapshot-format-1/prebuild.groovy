import dev.agentkit.maven.ItBackend
def served = new File(basedir, 'served.json')
served.text = new File(commonDir, 'taskboard-v1.json').text
ItBackend.start(backendPort as int, served)
new File(basedir, 'contract-snapshots').mkdirs()
def snapshot = new File(basedir, 'contract-snapshots/taskboard.json')
ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), snapshot)
// The same snapshot as agentkit wrote it in format 1: the ops, and so the digest, are the same.
def text = snapshot.getText('UTF-8')
assert text.startsWith('{\n  "format": 2,\n')
snapshot.setText(text.replaceFirst('"format": 2,', '"format": 1,'), 'UTF-8')
new File(basedir, 'committed.json').bytes = snapshot.bytes
return true
