import dev.agentkit.maven.ItBackend
def served = new File(basedir, 'served.json')
served.text = new File(commonDir, 'taskboard-compatible.json').text
ItBackend.start(backendPort as int, served)
new File(basedir, 'contract-snapshots').mkdirs()
dev.agentkit.maven.ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), new File(basedir, 'contract-snapshots/taskboard.json'))
new File(basedir, 'committed.json').bytes = new File(basedir, 'contract-snapshots/taskboard.json').bytes
return true
