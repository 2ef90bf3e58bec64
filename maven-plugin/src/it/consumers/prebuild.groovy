import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.openapi.OpenApiContractSource

// Invoker filters only the IT's own POM; these are the builds' POMs, filtered the same way.
['agent-live', 'agent-asks', 'backend'].each { project ->
  def pom = new File(basedir, project + '/pom.xml')
  pom.text = pom.text.replace('@project.version@', agentkitVersion)
      .replace('@maven-compiler-plugin.version@', compilerPluginVersion)
      .replace('@maven-resources-plugin.version@', resourcesPluginVersion)
}

// The agents' sources and the snapshot they compile against; the backend's document, the changes
// it proposes, and its baseline: the same contract as the agents' snapshot.
def common = new File(commonDir, 'consumers')
def v1 = OpenApiContractSource.fromFile(new File(common, 'taskboard-v1.yaml').toPath())
    .contractName('taskboard').build().fetch()
['agent-live': 'LiveAgent.java', 'agent-asks': 'AskingAgent.java'].each { project, agent ->
  def sources = new File(basedir, project + '/src/main/java/it')
  sources.mkdirs()
  new File(sources, agent).text = new File(common, agent).text
  new File(sources, 'Board.java').text = new File(common, 'Board.java').text
  ContractSnapshot.writeAtomically(new File(basedir, project + '/contract-snapshots/taskboard.json').toPath(), v1)
}
def api = new File(basedir, 'backend/api')
api.mkdirs()
new File(api, 'taskboard.yaml').text = new File(common, 'taskboard-v1.yaml').text
new File(api, 'taskboard-tier-raised.yaml').text = new File(common, 'taskboard-tier-raised.yaml').text
new File(api, 'taskboard-compatible.yaml').text = new File(common, 'taskboard-compatible.yaml').text
ContractSnapshot.writeAtomically(new File(basedir, 'backend/contract-snapshots/taskboard.json').toPath(), v1)
return true
