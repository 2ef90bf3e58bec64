def log = new File(basedir, 'build.log').text
assert log.contains('agentkit: taskboard: 0 breaking, 2 compatible, 0 informational (')
assert log.contains('    - enum-value-added: the backend added enum value "blocked" to set_status.status; it is usable at once')
return true
