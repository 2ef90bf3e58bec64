def other = new File(basedir, 'other-wire.json')
other.text = new File(commonDir, 'taskboard-v1.json').text.replace('"contract": "taskboard"', '"contract": "taskboard-next"')
dev.agentkit.maven.ItBackend.commitSnapshot(new File(commonDir, 'taskboard-v1.json'), new File(basedir, 'committed.json'))
dev.agentkit.maven.ItBackend.commitSnapshot(other, new File(basedir, 'other.json'))
return true
