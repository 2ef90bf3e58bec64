import dev.agentkit.maven.ItBackend
def authorization = ItBackend.lastAuthorization()
def requests = ItBackend.requests()
ItBackend.stop()
assert authorization == 'Bearer it-token-from-encrypted-settings'
assert requests == 1
def log = new File(basedir, 'build.log').text
assert log.contains('[INFO] agentkit: taskboard: no drift (check of ')
assert log.contains('agentkit configuration: contracts[0] (taskboard): the password of settings.xml server board-encrypted cannot be decrypted (')
assert log.contains('check the master password in settings-security.xml')
assert !log.contains('it-token-from-encrypted-settings')
assert !log.contains('Y5sZG88KXJMHN6bCf7RXn9lPaUHWyh7fSaVCfqolDxtWsWdOgaEBTaOq58siHXPtUVXqGAi')
return true
