package dev.agentkit.tool;

import dev.agentkit.LiveAgent;
import dev.agentkit.LoopbackBackend;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The adapters' live fixture, a field registered with {@code @RegisterExtension}: a {@link Board},
 * a real loopback backend serving {@link Board#LIVE_CONTRACT} and {@link Board#liveAgent the triage
 * agent} bound to it, made with the test instance; after the test, the backend is closed. The test
 * changes the contract between two calls.
 */
public final class LiveBoard implements AfterEachCallback {
  private final Board board = new Board();
  private final LoopbackBackend backend = new LoopbackBackend(Board.LIVE_CONTRACT);
  private final LiveAgent<Board> agent = Board.liveAgent(backend);

  @Override
  public void afterEach(ExtensionContext context) {
    backend.close();
  }

  /** The board the agent's calls act on. */
  public Board board() {
    return board;
  }

  /** {@link Board#triage} on the builder of tools over {@link #agent()}. */
  public <B extends ToolCallFlow.Builder<Board, B>> B triage(B builder) {
    return board.triage(builder);
  }

  /** The agent bound to the backend. */
  public LiveAgent<Board> agent() {
    return agent;
  }

  /** Serves the live contract again and waits until the agent is bound to it. */
  public void restore() throws InterruptedException {
    backend.serve(Board.LIVE_CONTRACT);
    until(() -> agent.state() == LiveAgent.State.BOUND);
  }

  /** Serves set_status as {@code change} makes it (a compatible change: the agent stays bound). */
  public void serveSetStatus(UnaryOperator<Op.Builder> change) {
    backend.serve(
        Contract.of("taskboard", List.of(change.apply(Board.setStatusOp().toBuilder()).build())));
  }

  /** Raises set_status to irreversible and waits until the agent is paused on that drift. */
  public void raiseTierAndPause() throws InterruptedException {
    serveSetStatus(op -> op.tier(Tier.IRREVERSIBLE));
    until(() -> agent.state() == LiveAgent.State.PAUSED_ON_DRIFT);
  }

  /** Uses this agent until the condition holds: see {@link #until(LiveAgent, BooleanSupplier)}. */
  public void until(BooleanSupplier condition) throws InterruptedException {
    until(agent, condition);
  }

  /**
   * Uses {@code agent} until the condition holds (each use is what lets it notice a change); fails
   * the test after 10 seconds.
   */
  public static void until(LiveAgent<?> agent, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!condition.getAsBoolean()) {
      agent.state();
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting; the agent is " + agent);
      }
      Thread.sleep(5);
    }
  }
}
