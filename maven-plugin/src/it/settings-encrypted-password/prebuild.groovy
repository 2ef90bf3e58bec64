import dev.agentkit.maven.ItBackend
def served = new File(basedir, 'served.json')
served.text = new File(commonDir, 'taskboard-v1.json').text
ItBackend.start(backendPort as int, served)
new File(basedir, 'contract-snapshots').mkdirs()
ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), new File(basedir, 'contract-snapshots/taskboard.json'))
return true
