package dev.agentkit.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the run handler of an act the agent declares: {@code void name(State state, Action act)},
 * or with the op's generated view in place of the action; it may throw {@code Exception}. Only acts
 * whose tier can run live (read_only, reversible) may have one.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Run {
  /** The opcode of the act this method performs. */
  String value();
}
