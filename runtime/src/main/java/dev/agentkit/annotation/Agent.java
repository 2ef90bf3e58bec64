package dev.agentkit.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class as an agent bound to a backend contract. The annotation processor checks the
 * class's {@link Act}, {@link LocalAct}, {@link Run} and {@link Ask} declarations against the
 * committed snapshot {@code <snapshotDir>/<contract>.json} and generates {@code
 * <AgentSimpleName>_Wiring} in the agent's package, whose {@code bind} and {@code bindOffline}
 * build the agent's {@code ActionSet} from method references, without reflection.
 *
 * <p>The class must be accessible from its package: not private, and not a non-static inner class.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Agent {
  /** The contract's name; its snapshot is {@code <contract>.json} in the snapshot directory. */
  String contract();

  /** The agent's state type: the first parameter of every state reader and run handler. */
  Class<?> state();
}
