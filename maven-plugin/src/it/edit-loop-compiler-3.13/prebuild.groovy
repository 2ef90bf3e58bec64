// Writes docs/quickstart.md's project with maven-compiler-plugin 3.13.0 and starts its backend.
dev.agentkit.maven.EditLoopProject.write(basedir, '3.13.0')
return true
