import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.maven.ItProject
import dev.agentkit.openapi.OpenApiContractSource

def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 4

// 1: a canonical snapshot, stamped with the path as the POM gives it, the document's contract.
def file = new File(basedir, 'contract-snapshots/tasks.json')
def text = file.text
assert runs[0].contains('agentkit: wrote the first snapshot of tasks (5 ops, sha256:')
assert runs[0].contains('[WARNING] agentkit: tasks: [OpenApiNoOperationId] GET /health in ')
assert text.startsWith('{\n  "format": 2,\n  "contract": "tasks",\n  "source": "src/main/openapi/tasks.yaml",\n')
def expected = OpenApiContractSource.fromFile(new File(commonDir, 'openapi/tasks-v1.yaml').toPath())
    .contractName('tasks').build().fetch()
assert ContractSnapshot.read(file.toPath()).digest() == expected.digest()

// 2: javac fails on the misspelled opcode, with the sorted opcodes and the nearest one, once.
assert runs[1].contains('[UnknownOpcode] closeTsk: the backend does not declare this opcode, so every program that emits it would be rejected at verify; the backend declares: closeTask, createTask, deleteTask, getTask, listTasks; did you mean "closeTask"?')
assert runs[1].contains('[INFO] 1 error\n')

// 3: fixed, it compiles.
assert runs[2].contains('BUILD SUCCESS')

// 4: closeTask is a DELETE now: irreversible, so the agent's @Run could never run.
assert runs[3].contains('tier-raised: the backend raised the tier of closeTask from reversible to irreversible, which Tasks uses')
assert runs[3].contains('it.Tasks: breaking tier-raised of closeTask')
assert runs[3].contains('agentkit: contract drift fails the check (failOn=breaking) for tasks')
assert runs[3].contains('[WARNING] agentkit: tasks: [OpenApiNoOperationId] GET /health in ')
assert ContractSnapshot.read(file.toPath()).digest() == expected.digest()
return true
