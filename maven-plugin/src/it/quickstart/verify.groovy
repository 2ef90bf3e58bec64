import dev.agentkit.maven.QuickstartPage

ProcessHandle.of(new File(basedir, 'server.pid').text as long).ifPresent { it.destroy() }

def page = QuickstartPage.read(QuickstartPage.find(basedir))
def log = new File(basedir, 'build.log').getText('UTF-8')

// The builds ran the page's commands (invoker.properties holds them as goals).
assert page.contains('\njava backend/ContractServer.java ')
assert page.contains('\nmvn agentkit:snapshot\n')
assert page.contains('\nmvn compile exec:java\n')

// Step 3: the snapshot was written, and its digest is the one the page shows.
def snapshot = new File(basedir, 'contract-snapshots/todo.json')
assert snapshot.isFile()
def digest = (snapshot.getText('UTF-8') =~ /"digest": "(sha256:[0-9a-f]{64})"/)[0][1]
assert log.contains("agentkit: wrote the first snapshot of todo (3 ops, ${digest}) from http://127.0.0.1:")
assert page.contains("[INFO] agentkit: wrote the first snapshot of todo (3 ops, ${digest}) from ")

// Step 4: the compile error the page shows points at the opcode of set_priority's @Act.
def error = (page =~ /TodoAgent\.java:\[(\d+),(\d+)\] \[UnknownOpcode\] set_priorty: /)
assert error.find() : 'the page shows no [UnknownOpcode] error for set_priorty'
def line = new File(basedir, 'src/main/java/com/example/hello/TodoAgent.java').readLines()[(error.group(1) as int) - 1]
assert line.indexOf('"set_priority"') == (error.group(2) as int) - 1 : line

// Step 5: Main printed every line the page says it prints, in that order.
def at = 0
for (String expected : QuickstartPage.block(page, 'text output')) {
  def found = log.indexOf(expected + '\n', at)
  assert found >= 0 : "the build log lacks, after what came before: ${expected}"
  at = found + expected.length()
}
return true
