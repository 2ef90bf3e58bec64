import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.maven.ItProject

// The POM's header went with the requests (the server answers only the settings.xml token).
assert dev.agentkit.maven.ItMcpHttpServer.lastTenant() == 'acme'
dev.agentkit.maven.ItMcpHttpServer.stop()
def log = new File(basedir, 'build.log').text
def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 4

// 1: a canonical snapshot of the server's three tools, stamped with the endpoint.
def file = new File(basedir, 'contract-snapshots/taskboard.json')
assert runs[0].contains('agentkit: wrote the first snapshot of taskboard (3 ops, sha256:')
assert runs[0].contains(' from http://127.0.0.1:' + backendPort + '/mcp to ')

// 2: the agent compiles against it.
assert runs[1].contains('BUILD SUCCESS')

// 3: list_tasks is destructive now: irreversible, so the agent's @Run could never run.
assert runs[2].contains('tier-raised: the backend raised the tier of list_tasks from read_only to irreversible, which Tasks uses')
assert runs[2].contains('it.Tasks: breaking tier-raised of list_tasks')
assert runs[2].contains('agentkit: contract drift fails the check (failOn=breaking) for taskboard')

// 4: the new snapshot has the raised tier.
def text = file.text
assert text.startsWith('{\n  "format": 2,\n  "contract": "taskboard",\n  "source": "http://127.0.0.1:' + backendPort + '/mcp",\n')
assert ContractSnapshot.read(file.toPath()).op('list_tasks').get().tier().name() == 'IRREVERSIBLE'

// The token appears in no log line and no snapshot.
assert !log.contains('it-token-from-settings') && !text.contains('it-token-from-settings')
return true
