def log = new File(basedir, "build.log").text
assert log.contains('[WARNING] agentkit: comparing different contracts: taskboard and taskboard-next')
assert log.contains('agentkit: taskboard-next: no drift (')
return true
