// The agent, the document served now (served/openapi.yaml) and the one a step serves instead.
def sources = new File(basedir, 'src/main/java/it')
sources.mkdirs()
new File(commonDir, 'openapi-agent').eachFile { f -> new File(sources, f.name).text = f.text }
new File(basedir, 'served').mkdirs()
new File(basedir, 'raised').mkdirs()
def served = new File(basedir, 'served/openapi.yaml')
served.text = new File(commonDir, 'openapi/tasks-v1.yaml').text
new File(basedir, 'raised/openapi.yaml').text = new File(commonDir, 'openapi/tasks-tier-raised.yaml').text
dev.agentkit.maven.ItBackend.startOpenApi(backendPort as int, served)
return true
