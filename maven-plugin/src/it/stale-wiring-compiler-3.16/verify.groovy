dev.agentkit.maven.ItProject.verifyStaleWiring(basedir, 5)
return true
