package dev.agentkit.annotation;

import dev.agentkit.contract.ChangeCategory;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that an {@link Agent} uses a backend op, with the agent's premise about it. Everything
 * else about the op (description, tier, operands) comes from the backend's contract.
 *
 * <p>Where it goes depends on the category:
 *
 * <ul>
 *   <li>{@code scalar_set}, {@code membership}, {@code terminal}, {@code fills_slot}: on the act's
 *       state reader, {@code String name(State state, Action act)} or {@code String name(State
 *       state, <View> view)} where {@code <View>} is the op's generated typed view.
 *   <li>{@code multi_field}: on the act's field reader, {@code String name(State state, Action act,
 *       String field)} (or the view in place of the action).
 *   <li>{@code always_mints}, {@code merge}: these read no state, so there is no reader to put it
 *       on; put it on the agent class (it is repeatable there).
 * </ul>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(Act.List.class)
public @interface Act {
  /** The backend op's opcode. */
  String opcode();

  /** How to tell whether the act would change anything. Required: an unset category is invalid. */
  ChangeCategory category();

  /**
   * The operand the premise compares ({@code scalar_set}, {@code membership}, {@code fills_slot}).
   */
  String input() default "";

  /**
   * For {@code terminal}: the states after which the act changes nothing. An error on any other
   * category, which never reads them; checked against the input's values when it is an enum.
   */
  String[] terminalStates() default {};

  /**
   * Operands whose value the backend parses as JSON; each a string operand (or one of a type this
   * version does not know): the value is JSON text, and an operand of another type would lose its
   * own schema.
   */
  String[] structured() default {};

  /** The tier the agent expects the backend to have; checked, never trusted. */
  AssertedTier assertTier() default AssertedTier.BACKEND;

  /** Holds several {@link Act}s on an agent class. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.TYPE)
  @interface List {
    /** The acts. */
    Act[] value();
  }
}
