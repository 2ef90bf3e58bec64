import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.maven.ItProject

// The settings.xml server's password and the POM's header went with the document's request.
assert dev.agentkit.maven.ItBackend.lastAuthorization() == 'Bearer it-token-from-settings'
assert dev.agentkit.maven.ItBackend.lastTenant() == 'acme'
dev.agentkit.maven.ItBackend.stop()
def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 6

// 1: a canonical snapshot, stamped with the document's URL, ops sorted, no credential in it.
def before = new File(basedir, 'before/tasks.json')
def text = before.text
assert runs[0].contains('agentkit: wrote the first snapshot of tasks (5 ops, sha256:')
assert runs[0].contains('[WARNING] agentkit: tasks: [OpenApiNoOperationId] GET /health in http://127.0.0.1:' + backendPort + '/openapi.yaml has no operationId, so it is no op an agent can bind; give it one')
assert text.startsWith('{\n  "format": 2,\n  "contract": "tasks",\n  "source": "http://127.0.0.1:' + backendPort + '/openapi.yaml",\n')
assert text == ContractSnapshot.write(ContractSnapshot.read(before.toPath()))
def opcodes = ContractSnapshot.read(before.toPath()).opcodes()
assert opcodes == ['closeTask', 'createTask', 'deleteTask', 'getTask', 'listTasks']
assert !text.contains('it-token-from-settings') && !runs[0].contains('it-token-from-settings')

// 2: the agent compiled against it.
assert runs[1].contains('BUILD SUCCESS')

// 3: check fails on the raised tier, naming the agent's act.
assert runs[2].contains('agentkit: tasks: 1 breaking, 0 compatible, 0 informational (check of ')
assert runs[2].contains('tier-raised: the backend raised the tier of closeTask from reversible to external_reversible, which Tasks uses')
assert runs[2].contains('it.Tasks: breaking tier-raised of closeTask')
assert runs[2].contains('agentkit: contract drift fails the check (failOn=breaking) for tasks')

// 4: the new snapshot says the same.
assert runs[3].contains('agentkit: tasks changed (1 breaking, 0 compatible, 0 informational); rewrote ')
assert runs[3].contains('it.Tasks: breaking tier-raised of closeTask')
assert new File(basedir, 'contract-snapshots/tasks.json').text.contains('"tier": "external_reversible"')

// 5: so does the offline diff of the two files.
assert runs[4].contains('it.Tasks: breaking tier-raised of closeTask')
assert runs[4].contains('fails the diff (failOn=breaking)')

// 6: the plain compile re-checks the agent against the new snapshot.
assert runs[5].contains('changed since the wiring of it.Tasks was generated (sha256:')
assert runs[5].contains('[WithheldWithRun] closeTask')
return true
