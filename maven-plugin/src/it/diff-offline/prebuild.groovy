new File(basedir, 'committed.json').parentFile.mkdirs()
dev.agentkit.maven.ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), new File(basedir, 'committed.json'))
dev.agentkit.maven.ItBackend.commitSnapshot(new File(commonDir, 'taskboard-compatible.json'), new File(basedir, 'branch.json'))
return true
