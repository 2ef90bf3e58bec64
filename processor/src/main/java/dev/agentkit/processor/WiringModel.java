package dev.agentkit.processor;

import dev.agentkit.Premise;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * Everything {@link WiringWriter} needs to write one agent's wiring, already checked: every act is
 * bound, every handler fits.
 *
 * @param packageName the agent's package
 * @param wiringName the generated class's simple name
 * @param isPublic whether the generated class is public (it is when the agent is)
 * @param agent the agent class, the generated file's originating element
 * @param agentType the agent class, as the generated code names it
 * @param state the agent's state type, boxed
 * @param contractName the contract's name
 * @param contractDigest the digest of the snapshot compiled against
 * @param compiledOps the backend ops the agent uses, as the snapshot declares them, sorted
 * @param acts every act, uses then locals, in declaration order
 */
record WiringModel(
    String packageName,
    String wiringName,
    boolean isPublic,
    TypeElement agent,
    TypeRef agentType,
    TypeRef state,
    String contractName,
    String contractDigest,
    List<Op> compiledOps,
    List<ActModel> acts) {

  WiringModel {
    compiledOps = List.copyOf(compiledOps);
    acts = List.copyOf(acts);
  }

  /**
   * One act to wire.
   *
   * @param opcode the op's opcode
   * @param premise the agent's premise about the op
   * @param op the op as the snapshot (or the local declaration) gives it: the view's operands
   * @param local whether it is a local act, whose whole op the wiring declares
   * @param assertTier the asserted tier of a use, or null
   * @param viewName the simple name of its typed view
   * @param reader its state reader, or null
   * @param fieldReader its field reader, or null
   * @param run its run handler, or null
   * @param ask its ask wording, or null
   */
  record ActModel(
      String opcode,
      Premise premise,
      Op op,
      boolean local,
      Tier assertTier,
      String viewName,
      Handler reader,
      Handler fieldReader,
      Handler run,
      Handler ask) {

    /** The view's simple name, without the wiring's. */
    String viewSimpleName() {
      return viewName.substring(viewName.indexOf('.') + 1);
    }
  }

  /**
   * A method of the agent the wiring calls.
   *
   * @param method its name
   * @param isStatic whether it is static (called on the class, not the instance)
   * @param viaView whether it takes the op's typed view in place of the call
   * @param result what a run handler returns, or null when it returns nothing (and for every other
   *     handler)
   */
  record Handler(String method, boolean isStatic, boolean viaView, TypeRef result) {}
}
