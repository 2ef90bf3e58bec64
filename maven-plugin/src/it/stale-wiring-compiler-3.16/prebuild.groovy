dev.agentkit.maven.ItProject.staleWiring(basedir, commonDir)
return true
