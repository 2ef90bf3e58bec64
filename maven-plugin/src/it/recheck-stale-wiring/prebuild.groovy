// The agent's sources are the stale-wiring ITs' own (common/stale-agent), copied in, not kept twice.
def sources = new File(basedir, 'src/main/java/it')
sources.mkdirs()
new File(commonDir, 'stale-agent').eachFile { f -> new File(sources, f.name).text = f.text }
new File(basedir, 'contract-snapshots').mkdirs()
dev.agentkit.maven.ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), new File(basedir, 'contract-snapshots/taskboard.json'))
return true
