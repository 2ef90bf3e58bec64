// The agent (in fixed/, which step 2 copies in), the tools the server lists now and the tools a
// step makes it list instead; the server runs in this JVM until verify.groovy stops it.
new File(basedir, 'src/main/java/it').mkdirs()
new File(basedir, 'fixed').mkdirs()
new File(commonDir, 'mcp-agent').eachFile { f -> new File(basedir, 'fixed/' + f.name).text = f.text }
new File(basedir, 'src/main/mcp').mkdirs()
new File(basedir, 'raised').mkdirs()
def tools = new File(basedir, 'src/main/mcp/tools.json')
tools.text = new File(commonDir, 'mcp/tools-v1.json').text
new File(basedir, 'raised/tools.json').text = new File(commonDir, 'mcp/tools-destructive.json').text
dev.agentkit.maven.ItMcpHttpServer.start(backendPort as int, tools, 'it-token-from-settings')
return true
