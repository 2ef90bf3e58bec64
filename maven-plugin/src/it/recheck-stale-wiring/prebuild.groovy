new File(basedir, 'contract-snapshots').mkdirs()
dev.agentkit.maven.ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), new File(basedir, 'contract-snapshots/taskboard.json'))
return true
