package dev.agentkit.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the ask wording of an act the agent declares: {@code String name(Action act)}, or with the
 * op's generated view in place of the action. Every withheld act (external_reversible,
 * irreversible) needs one.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Ask {
  /** The opcode of the act this method words the question for. */
  String value();
}
