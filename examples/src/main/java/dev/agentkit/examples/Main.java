package dev.agentkit.examples;

/**
 * The runnable demo: {@code mvn -B -q -pl examples -am install -DskipTests -Dinvoker.skip && mvn -B
 * -q -pl examples exec:java}. Prints a transcript of {@link TriageAgent} working against the
 * embedded task-board backend; see {@code examples/README-examples.md}.
 */
public final class Main {
  private Main() {}

  /** Runs the demo on stdout. */
  public static void main(String[] args) throws Exception {
    new TriageDemo(System.out).run();
    System.out.flush();
  }
}
