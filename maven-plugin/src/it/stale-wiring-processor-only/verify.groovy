dev.agentkit.maven.ItProject.verifyStaleWiring(basedir, 4)
return true
