// The agent, and the excerpt of GitHub's document served now (served/) and after the change (raised/).
def sources = new File(basedir, 'src/main/java/it')
sources.mkdirs()
new File(commonDir, 'github-agent').eachFile { f -> new File(sources, f.name).text = f.text }
def excerpt = new File(commonDir, '../../../../openapi/src/test/resources/real/github-23.0.2-tiers-excerpt.json').text
new File(basedir, 'served').mkdirs()
new File(basedir, 'raised').mkdirs()
def served = new File(basedir, 'served/openapi.yaml')
served.text = excerpt
def raised = excerpt.replace('"operationId": "pulls/merge",', '"operationId": "pulls/merge",\n"x-agentkit-tier": "external_reversible",')
assert raised != excerpt
new File(basedir, 'raised/openapi.yaml').text = raised
dev.agentkit.maven.ItBackend.startOpenApi(backendPort as int, served)
return true
