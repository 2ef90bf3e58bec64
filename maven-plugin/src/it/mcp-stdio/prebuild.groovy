// The agent with @Act misspelled (its fix in fixed/), the tools the server lists now, the tools a
// step makes it list instead, and the java argument file that gives the server its class path.
def sources = new File(basedir, 'src/main/java/it')
sources.mkdirs()
new File(basedir, 'fixed').mkdirs()
new File(commonDir, 'mcp-agent').eachFile { f ->
  new File(sources, f.name).text = f.text.replace('@Act(opcode = "list_tasks"', '@Act(opcode = "list_task"')
  new File(basedir, 'fixed/' + f.name).text = f.text
}
assert new File(sources, 'Tasks.java').text.contains('"list_task"')
new File(basedir, 'src/main/mcp').mkdirs()
new File(basedir, 'raised').mkdirs()
new File(basedir, 'src/main/mcp/tools.json').text = new File(commonDir, 'mcp/tools-v1.json').text
new File(basedir, 'raised/tools.json').text = new File(commonDir, 'mcp/tools-destructive.json').text
dev.agentkit.maven.ItMcpServer.writeArgFile(new File(basedir, 'mcp-server.args'))
return true
