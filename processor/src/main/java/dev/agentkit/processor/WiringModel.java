package dev.agentkit.processor;

import dev.agentkit.Premise;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * Everything {@link WiringWriter} needs to write one agent's wiring. A bindable model is checked:
 * every act is bound, every handler fits. A model that is not bindable comes from an agent with
 * errors: it carries only what the types need (each act's op as far as it could be read, and a view
 * for each opcode only a handler names), so the agent's code that names the wiring's types still
 * compiles and javac reports only the real problems; its wiring can never bind.
 *
 * @param packageName the agent's package
 * @param wiringName the generated class's simple name
 * @param isPublic whether the generated class is public (it is when the agent is)
 * @param agent the agent class, the generated file's originating element
 * @param agentType the agent class, as the generated code names it
 * @param state the agent's state type, boxed
 * @param contractName the contract's name
 * @param contractDigest the digest of the snapshot compiled against
 * @param compiledOps the backend ops the agent uses, as the snapshot's source served them, sorted
 * @param tierOverrides the user's tier overrides the snapshot recorded, applied to compiledOps
 * @param snapshotCopied whether the snapshot records its source document, so that the processor
 *     copies it beside the wiring (for a bindable agent) and binding looks the copy up
 * @param acts every act, uses then locals, in declaration order (for a model that is not bindable,
 *     then one per opcode only a handler names)
 * @param bindable whether the agent checked clean, so the wiring binds; when not, only its types,
 *     constants and bind methods that throw are written
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
    List<TierOverride> tierOverrides,
    boolean snapshotCopied,
    List<ActModel> acts,
    boolean bindable) {

  WiringModel {
    compiledOps = List.copyOf(compiledOps);
    tierOverrides = List.copyOf(tierOverrides);
    acts = List.copyOf(acts);
  }

  /** This model, not bindable: for an agent found to have an error after it was checked. */
  WiringModel unbindable() {
    return new WiringModel(
        packageName,
        wiringName,
        isPublic,
        agent,
        agentType,
        state,
        contractName,
        contractDigest,
        compiledOps,
        tierOverrides,
        false,
        acts,
        false);
  }

  /**
   * One act to wire.
   *
   * @param opcode the op's opcode
   * @param premise the agent's premise about the op; null for an opcode only a handler names
   * @param op the op as the snapshot (or the local declaration) gives it: the view's operands; an
   *     op with no operands when neither has it
   * @param local whether it is a local act, whose whole op the wiring declares
   * @param assertTier the asserted tier of a use, or null
   * @param viewName the simple name of its typed view
   * @param reader its state reader, or null
   * @param fieldReader its field reader, or null
   * @param run its run handler, or null
   * @param ask its ask wording, or null
   * @param standIn whether the snapshot lacks its opcode, so that its view is a stand-in with the
   *     operands of the opcode {@code [UnknownOpcode]} suggests
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
      Handler ask,
      boolean standIn) {

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
