def log = new File(basedir, 'build.log').text
assert log.contains('agentkit configuration: agentkit.contract is "taskbord", which is not a configured contract; configured: taskboard; did you mean "taskboard"?')
return true
