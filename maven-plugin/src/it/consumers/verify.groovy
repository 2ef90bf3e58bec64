import dev.agentkit.maven.ItProject
import java.util.zip.ZipFile

def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 6

// 1, 2: each agent is deployed with its manifest: in its jar, and as the agentkit-uses artifact.
def repo = new File(basedir, 'repo/dev/agentkit/it')
['live': 'LiveAgent', 'asks': 'AskingAgent'].each { name, agent ->
  def entry = "META-INF/agentkit/uses/taskboard/it.${agent}.json"
  assert runs[name == 'live' ? 0 : 1].contains("agentkit: attached 1 uses manifest as dev.agentkit.it:agent-${name}:zip:agentkit-uses:1.0")
  def bundle = new ZipFile(new File(repo, "agent-${name}/1.0/agent-${name}-1.0-agentkit-uses.zip"))
  assert bundle.entries().toList()*.name == [entry]
  def jar = new ZipFile(new File(repo, "agent-${name}/1.0/agent-${name}-1.0.jar"))
  assert jar.getInputStream(jar.getEntry(entry)).text == bundle.getInputStream(bundle.getEntry(entry)).text
  assert new File(repo, "agent-${name}/maven-metadata.xml").text.contains('<release>1.0</release>')
}
def live = new ZipFile(new File(repo, 'agent-live/1.0/agent-live-1.0-agentkit-uses.zip'))
def manifest = live.getInputStream(live.getEntry('META-INF/agentkit/uses/taskboard/it.LiveAgent.json')).text
assert manifest.contains('"opcode": "set_task_due_date"')
assert manifest.contains('"run": true,\n      "ask": false')
assert !manifest.contains('Sets when a task is due')

// 3: a raised tier breaks the agent that runs the act, named with the sentence its startup would
// say, and passes the agent that only asks.
def raised = runs[2]
assert raised.contains('[ERROR] agentkit: taskboard: consumer dev.agentkit.it:agent-live:1.0: 1 of 1 agents broken by the proposed contract (proposed: api/taskboard-tier-raised.yaml; baseline: ')
assert raised.contains('[ERROR]   it.LiveAgent breaks:\n[ERROR]     - tier-raised: the backend raised the tier of set_task_due_date from reversible to irreversible, which LiveAgent uses; its run handler can never run now, so the act must be asked instead\n')
assert raised.contains('[INFO] agentkit: taskboard: consumer dev.agentkit.it:agent-asks:1.0 passes (1 agent)')
assert raised.contains('[INFO]     - compatible tier-raised: the backend raised the tier of set_task_due_date from reversible to irreversible, which AskingAgent uses; it is now proposed to a human instead of running')
assert raised.contains('agentkit: the proposed contract breaks 1 of 2 consumers (failOn=breaking):\n[ERROR]   - dev.agentkit.it:agent-live:1.0: it.LiveAgent (set_task_due_date)\n')
def reports = new File(basedir, 'backend/target/reports-raised')
def liveXml = new File(reports, 'TEST-agentkit-consumers-taskboard-dev.agentkit.it_agent-live_1.0.xml').text
assert liveXml.contains('<testsuite name="agentkit.consumers.taskboard.dev.agentkit.it:agent-live:1.0" tests="1" failures="1"')
assert liveXml.contains('<failure message="the proposed contract breaks this agent (1 problem)" type="agentkit.drift">')
def asksXml = new File(reports, 'TEST-agentkit-consumers-taskboard-dev.agentkit.it_agent-asks_1.0.xml').text
assert asksXml.contains('tests="1" failures="0"')

// 4: a compatible change passes both.
def compatible = runs[3]
assert compatible.contains('BUILD SUCCESS')
assert compatible.contains('[INFO]     - compatible optional-operand-added: the backend added optional operand set_task_due_date.reason, which LiveAgent uses')
assert compatible.contains('consumer dev.agentkit.it:agent-asks:1.0 passes (1 agent)')
assert !compatible.contains('[ERROR]')

// 5: the agents' repository does not answer: an error naming it and every consumer, never a pass.
def unreachable = runs[4]
assert unreachable.contains('BUILD FAILURE')
assert unreachable.contains("[ConsumerRepository] could not read agentkit-consumers (http://127.0.0.1:${backendPort}/repo) for consumer dev.agentkit.it:agent-live:LATEST: ")
assert unreachable.contains("[ConsumerRepository] could not read agentkit-consumers (http://127.0.0.1:${backendPort}/repo) for consumer dev.agentkit.it:agent-asks:[1.0,): ")
assert !unreachable.contains('passes (')

// 6: a consumer whose manifest was never published: an error, never a pass.
def missing = runs[5]
assert missing.contains('BUILD FAILURE')
assert missing.contains('[ConsumerManifestMissing] dev.agentkit.it:agent-asks:0.9 has no agentkit-uses artifact in ')
assert !missing.contains('passes (')
return true
