import dev.agentkit.maven.QuickstartPage

// Builds docs/quickstart.md as a reader would: every file the page gives, written where the page
// says, and the page's own stand-in backend, started the way the page starts it.
def page = QuickstartPage.read(QuickstartPage.find(basedir))
def files = QuickstartPage.files(page)
def expected = ['pom.xml', 'backend/contract.json', 'backend/ContractServer.java',
    'src/main/java/com/example/hello/Todos.java', 'src/main/java/com/example/hello/TodoAgent.java',
    'src/main/java/com/example/hello/Main.java']
assert files.keySet() as List == expected : "docs/quickstart.md gives ${files.keySet()}"
files.each { path, body ->
  def file = new File(basedir, path)
  file.parentFile.mkdirs()
  file.setText(body, 'UTF-8')
}

// The page's command, java backend/ContractServer.java, with port 0: a free one, whatever else
// runs on this machine.
def java = new File(System.getProperty('java.home'), 'bin/java').path
def server = new ProcessBuilder(java, 'backend/ContractServer.java', '0')
    .directory(basedir)
    .redirectErrorStream(true)
    .start()
// verify.groovy stops it; this stops it too when verify.groovy never runs.
Runtime.runtime.addShutdownHook(new Thread({ server.destroyForcibly() }))
new File(basedir, 'server.pid').text = String.valueOf(server.pid())
def first = new BufferedReader(new InputStreamReader(server.inputStream, 'UTF-8')).readLine()
def started = first =~ /^serving backend\/contract\.json at (http:\/\/127\.0\.0\.1:\d+\/contract)$/
assert started.find() : "the stand-in backend did not start; it printed: ${first}"

// The page's pom reads the URL from the property contract.url; the builds get it as -D.
def url = started.group(1)
new File(basedir, 'quickstart.properties').text = "contract.url=${url}\n"
println "quickstart: the stand-in backend serves ${url}"
return true
