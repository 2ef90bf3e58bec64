dev.agentkit.maven.EditLoopProject.verify(basedir)
return true
