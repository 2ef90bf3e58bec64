import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.maven.ItProject
import dev.agentkit.openapi.OpenApiContractSource

def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 6

// 1: a canonical snapshot, stamped with the path as the POM gives it, the document's contract.
def file = new File(basedir, 'contract-snapshots/tasks.json')
def text = file.text
assert runs[0].contains('agentkit: wrote the first snapshot of tasks (5 ops, sha256:')
assert runs[0].contains('[WARNING] agentkit: tasks: [OpenApiNoOperationId] GET /health in ')
assert text.startsWith('{\n  "format": 2,\n  "contract": "tasks",\n  "source": "src/main/openapi/tasks.yaml",\n')
def expected = OpenApiContractSource.fromFile(new File(commonDir, 'openapi/tasks-v1.yaml').toPath())
    .contractName('tasks').build().fetch()
assert ContractSnapshot.read(file.toPath()).digest() == expected.digest()
// The record of the document it was read from, last; step 5 replaced it with the respaced one's.
def v1 = expected.document().orElseThrow()
assert v1.mapping() == 'openapi/1'
def respacedRecord = OpenApiContractSource.fromFile(new File(basedir, 'respaced/tasks.yaml').toPath())
    .contractName('tasks').build().fetch().document().orElseThrow()
assert respacedRecord.digest() != v1.digest()
assert text.endsWith('  "document": {\n    "digest": "' + respacedRecord.digest() + '",\n    "mapping": "openapi/1"\n  }\n}\n')

// 2: javac fails on the misspelled opcode, with the sorted opcodes and the nearest one, once.
assert runs[1].contains('[UnknownOpcode] closeTsk: the backend does not declare this opcode, so every program that emits it would be rejected at verify; the backend declares: closeTask, createTask, deleteTask, getTask, listTasks; did you mean "closeTask"?')
assert runs[1].contains('[INFO] 1 error\n')

// 3: fixed, it compiles; the snapshot is copied beside the wiring, for startup.
assert runs[2].contains('BUILD SUCCESS')
def copy = ContractSnapshot.read(new File(basedir, 'target/classes/' + dev.agentkit.internal.SnapshotResource.path('tasks', expected.digest())).toPath())
assert copy.digest() == expected.digest()
assert copy.document().orElseThrow() == v1

// 4: the document unchanged: no drift, and not mapped again (so no mapping warning either).
assert runs[3].contains("agentkit: tasks: the document is the one the snapshot was taken from (${v1.digest()}), so it was not mapped again")
assert runs[3].contains('BUILD SUCCESS')
assert !runs[3].contains('[OpenApiNoOperationId]')

// 5: the document respaced: the contract is unchanged, its new document recorded.
assert ContractSnapshot.read(file.toPath()).digest() == expected.digest()
assert runs[4].contains("agentkit: tasks is unchanged; recorded the digest of the document it was read from, ${respacedRecord.digest()} (${expected.digest()}, 5 ops): ")

// 6: closeTask is a DELETE now: irreversible, so the agent's @Run could never run.
assert runs[5].contains('tier-raised: the backend raised the tier of closeTask from reversible to irreversible, which Tasks uses')
assert runs[5].contains('it.Tasks: breaking tier-raised of closeTask')
assert runs[5].contains('agentkit: contract drift fails the check (failOn=breaking) for tasks')
assert runs[5].contains('[WARNING] agentkit: tasks: [OpenApiNoOperationId] GET /health in ')
assert ContractSnapshot.read(file.toPath()).digest() == expected.digest()
return true
