package dev.agentkit.annotation;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares an act the backend has never heard of, in full: the agent owns its whole contract. It is
 * checked by the same rules as a backend op, and its opcode must not be one the backend declares.
 * It goes where {@link Act} goes: on the state or field reader, or on the agent class for {@code
 * always_mints} and {@code merge}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(LocalAct.List.class)
public @interface LocalAct {
  /** The act's opcode; must not clash with a backend opcode. */
  String opcode();

  /** What the act does; it is the prompt the model reads. */
  String description();

  /** The kind of object the act acts on, or empty. */
  String objectType() default "";

  /** How reversible the act is. Required: an unset tier is never read-only. */
  Tier tier();

  /** The act's operands, in order. */
  Operand[] operands() default {};

  /** How to tell whether the act would change anything. */
  ChangeCategory category();

  /** The operand the premise compares. */
  String input() default "";

  /**
   * For {@code terminal}: the states after which the act changes nothing. An error on any other
   * category, which never reads them; checked against the input's values when it is an enum.
   */
  String[] terminalStates() default {};

  /**
   * Operands whose value is parsed as JSON; each a string operand (or one of a type this version
   * does not know): the value is JSON text, and an operand of another type would lose its own
   * schema.
   */
  String[] structured() default {};

  /** One operand of a local act. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target({})
  @interface Operand {
    /** The operand's name, unique within the act. */
    String name();

    /** The value type. */
    OperandType type() default OperandType.STRING;

    /** What the operand means; shown to the model. */
    String description() default "";

    /** Whether every call must give it. */
    boolean required() default false;

    /** Whether it takes several values. */
    boolean list() default false;

    /** The vocabulary of an enum operand. */
    String[] enumValues() default {};
  }

  /** Holds several {@link LocalAct}s on an agent class. */
  @Documented
  @Retention(RetentionPolicy.CLASS)
  @Target(ElementType.TYPE)
  @interface List {
    /** The local acts. */
    LocalAct[] value();
  }
}
