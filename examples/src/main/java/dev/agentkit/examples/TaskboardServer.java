package dev.agentkit.examples;

import java.util.concurrent.CountDownLatch;

/**
 * Runs the embedded task-board backend until the process is stopped, and prints where it serves its
 * contract: {@code mvn -pl examples exec:java
 * -Dexec.mainClass=dev.agentkit.examples.TaskboardServer}.
 */
public final class TaskboardServer {
  private TaskboardServer() {}

  /** Starts the backend and waits. */
  public static void main(String[] args) throws Exception {
    TaskboardBackend backend = TaskboardBackend.start();
    Runtime.getRuntime().addShutdownHook(new Thread(backend::close));
    System.out.println("taskboard backend at " + backend.baseUri());
    System.out.println("contract: " + backend.contractUri());
    System.out.flush();
    new CountDownLatch(1).await();
  }
}
