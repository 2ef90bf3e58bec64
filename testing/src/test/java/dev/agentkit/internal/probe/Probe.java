package dev.agentkit.internal.probe;

/** Stands in for a runtime internal class: only its package's name matters to the check. */
public final class Probe {
  private Probe() {}

  /** A nested class, which counts as a use of {@link Probe}. */
  public static final class Inner {
    private Inner() {}

    public static int one() {
      return 1;
    }
  }
}
