import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.maven.ItProject

def log = new File(basedir, 'build.log').text
def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 4

// 1: a canonical snapshot of the server's three tools, stamped with the command, not its args.
def file = new File(basedir, 'contract-snapshots/taskboard.json')
def text = file.text
assert runs[0].contains('agentkit: wrote the first snapshot of taskboard (3 ops, sha256:')
assert text.startsWith('{\n  "format": 2,\n  "contract": "taskboard",\n  "source": "stdio:java",\n')
def snapshot = ContractSnapshot.read(file.toPath())
assert snapshot.op('list_tasks').get().tier().name() == 'READ_ONLY'
assert snapshot.op('close_task').get().tier().name() == 'REVERSIBLE'
assert snapshot.op('delete_task').get().tier().name() == 'IRREVERSIBLE'
def digest = snapshot.digest()

// 2: javac fails on the misspelled tool name, with the sorted opcodes and the nearest one, once.
assert runs[1].contains('[UnknownOpcode] list_task: the backend does not declare this opcode, so every program that emits it would be rejected at verify; the backend declares: close_task, delete_task, list_tasks; did you mean "list_tasks"?')
assert runs[1].contains('[INFO] 1 error\n')

// 3: fixed, it compiles.
assert runs[2].contains('BUILD SUCCESS')

// 4: list_tasks lost readOnlyHint and is destructive now: irreversible, so the agent's @Run could
// never run; the committed snapshot is left as it was.
assert runs[3].contains('tier-raised: the backend raised the tier of list_tasks from read_only to irreversible, which Tasks uses')
assert runs[3].contains('it.Tasks: breaking tier-raised of list_tasks')
assert runs[3].contains('agentkit: contract drift fails the check (failOn=breaking) for taskboard')
assert ContractSnapshot.read(file.toPath()).digest() == digest

// No server outlives its goal: each child ended with its session.
def args = new File(basedir, 'mcp-server.args').absolutePath
def alive = { ProcessHandle.allProcesses().filter { p -> p.info().arguments().map { a -> a.any { it.contains(args) } }.orElse(false) }.count() }
for (int i = 0; i < 50 && alive() > 0; i++) {
  Thread.sleep(200)
}
assert alive() == 0

// The child's token (its <env>) and the class path (its <args>) appear nowhere.
assert !log.contains('it-secret-7f3a')
assert !log.contains(new File(basedir, 'mcp-server.args').text.trim())
return true
