package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import java.util.Objects;
import java.util.function.Function;

/**
 * A value made from one bound set and kept until the set changes, such as an adapter's tool
 * declarations: a live agent that keeps its contract costs one reference comparison per use.
 * Thread-safe; two threads that meet a new set may both make its value, and either is kept.
 *
 * @param <D> the value made from a set
 */
public final class PerContract<D> {
  private record Entry<D>(ActionSet<?> acts, D value) {}

  private final Function<? super ActionSet<?>, ? extends D> make;
  private volatile Entry<D> last;

  /** Makes each set's value with {@code make}. */
  public PerContract(Function<? super ActionSet<?>, ? extends D> make) {
    this.make = Objects.requireNonNull(make, "make");
  }

  /** The value of {@code acts}: the kept one when it is the set seen last. */
  public D of(ActionSet<?> acts) {
    Entry<D> e = last;
    if (e == null || e.acts() != acts) {
      e = new Entry<>(acts, make.apply(acts));
      last = e;
    }
    return e.value();
  }
}
