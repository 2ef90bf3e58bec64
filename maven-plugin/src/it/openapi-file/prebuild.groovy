// The agent with @Act misspelled (its fix in fixed/), the document in the module, and the document
// a step puts there instead.
def sources = new File(basedir, 'src/main/java/it')
sources.mkdirs()
new File(basedir, 'fixed').mkdirs()
new File(commonDir, 'openapi-agent').eachFile { f ->
  new File(sources, f.name).text = f.text.replace('@Act(opcode = "closeTask"', '@Act(opcode = "closeTsk"')
  new File(basedir, 'fixed/' + f.name).text = f.text
}
assert new File(sources, 'Tasks.java').text.contains('"closeTsk"')
new File(basedir, 'src/main/openapi').mkdirs()
new File(basedir, 'raised').mkdirs()
new File(basedir, 'respaced').mkdirs()
new File(basedir, 'respaced/tasks.yaml').text =
    new File(commonDir, 'openapi/tasks-v1.yaml').text + '\n# the same operations, one more line\n'
new File(basedir, 'src/main/openapi/tasks.yaml').text = new File(commonDir, 'openapi/tasks-v1.yaml').text
new File(basedir, 'raised/tasks.yaml').text = new File(commonDir, 'openapi/tasks-method-changed.yaml').text
return true
