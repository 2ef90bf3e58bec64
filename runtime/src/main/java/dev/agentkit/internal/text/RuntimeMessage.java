package dev.agentkit.internal.text;

/**
 * Every message of the runtime outside the rules engine ({@code contract.Problem.Kind}) and the
 * drift rules ({@code drift.DriftRule}): its tag, whom it is for and its template, in one place.
 * Adding a message edits this table and docs/errors.md; {@code RuntimeCatalogueTest} holds the two
 * together and finds any tagged literal left outside it.
 */
public enum RuntimeMessage implements MessageTemplate.Entry {
  // A live agent refusing, and drift refusing a bind.
  AGENT_PAUSED("AgentPaused", Kind.ERROR, "%s: %s"),
  DRIFT_BREAKING(
      "DriftBreaking",
      Kind.ERROR,
      "%s cannot bind to the live %s contract: %s since the snapshot it was compiled against%s\n"
          + "Regenerate the snapshot (mvn agentkit:snapshot), rebuild to see the compile errors,"
          + " and fix the agent; or acknowledge a reviewed item in the drift policy with an expiry"
          + " date."),

  // Sources mapping schemas.
  SCHEMA_UNMAPPED(
      "SchemaUnmapped",
      Kind.WARNING,
      "%s, at %s: %s, so any JSON value is accepted there and agentkit checks nothing inside it"),
  SCHEMA_NOT_OBJECT(
      "SchemaNotObject",
      Kind.WARNING,
      "%s: the input schema is not an object with properties (%s), so it gives no operands;"
          + " declare {\"type\": \"object\", \"properties\": {…}}"),

  // What the model is told about its tool calls.
  UNKNOWN_TOOL_UNNAMED("UnknownTool", Kind.CORRECTION, "the call names no tool; the tools are: %s"),
  UNKNOWN_TOOL("UnknownTool", Kind.CORRECTION, "there is no tool \"%s\"; the tools are: %s%s"),
  UNKNOWN_TOOL_INEXACT(
      "UnknownTool",
      Kind.CORRECTION,
      "there is no tool \"%s\"; call the tool by its exact name, \"%s\""),
  ARGUMENTS_NOT_OBJECT(
      "ArgumentsNotObject",
      Kind.CORRECTION,
      "the arguments to %s must be one JSON object with the operands as keys, such as %s; got %s"),
  ARGUMENTS_NOT_JSON(
      "ArgumentsNotJson",
      Kind.CORRECTION,
      "the arguments to %s are not valid JSON: send one JSON object with the operands as keys,"
          + " such as %s"),
  REQUIRED_MISSING("RequiredMissing", Kind.CORRECTION, "%s.%s is required: give it a value"),
  PAUSED_FOR_REVIEW(
      "PausedForReview",
      Kind.CORRECTION,
      "%s is paused for review, so it was sent to the user for approval and has not happened"
          + " yet: %s"),
  OTHER_CALLS_INVALID(
      "OtherCallsInvalid",
      Kind.CORRECTION,
      "%s did not run: the tool calls of one message run all or none, and %s %s not valid;"
          + " correct %s and send all the calls again"),
  UNKNOWN_OBJECT(
      "UnknownObject",
      Kind.CORRECTION,
      "%s acts on %s \"%s\", but there is no such %s; check the id and call again"),
  TOOLS_INCOMPLETE("ToolsIncomplete", Kind.ERROR, "the tools of agent \"%s\" need %s%s"),

  // A consumer's uses manifest, read by a backend's build (agentkit:verify-consumers).
  USES_MANIFEST(
      "UsesManifest",
      Kind.ERROR,
      "%s %s; a manifest is written by the agentkit processor, never by hand: publish it again"
          + " from the agent's build (agentkit:attach-uses)"),
  USES_MANIFEST_FORMAT(
      "UsesManifest",
      Kind.ERROR,
      "%s is in manifest format %s, which this agentkit (format %s) cannot read; upgrade agentkit"
          + " in the backend's build to the agent's version or later"),

  // Building a proposal.
  PROPOSAL_AGENT_MISSING(
      "ProposalAgent",
      Kind.ERROR,
      "the proposal has no agent name: it namespaces the ask key, so one agent's asks never"
          + " replace another's; pass it to Proposal.builder(agent)"),
  PROPOSAL_AGENT_NAME(
      "ProposalAgent",
      Kind.ERROR,
      "the agent name \"%s\" has a colon or a space in it: the ask key joins its parts with"
          + " colons, so use a plain name such as \"triage\""),
  PROPOSAL_QUESTION(
      "ProposalQuestion",
      Kind.ERROR,
      "the proposal has no question: give it the sentence the user answers, such as \"Move this"
          + " task to Launch?\""),
  PROPOSAL_ANCHOR(
      "ProposalAnchor",
      Kind.ERROR,
      "the proposal has no anchor: name the object its ops act on with anchor(kind, id)"),
  PROPOSAL_LABEL(
      "ProposalLabel",
      Kind.ERROR,
      "%s %s has no label: give the builder a Labeler that knows it, so the question names it by"
          + " its live name (labels come from code, never from the model)"),
  PROPOSAL_OPS(
      "ProposalOps",
      Kind.ERROR,
      "the proposal has no op: add the call the user accepts with op(actions, call)"),
  PROPOSAL_OP("ProposalOp", Kind.ERROR, "op %s (%s) is not a valid call: %s"),
  PROPOSAL_SLOT_NO_OP(
      "ProposalSlot",
      Kind.ERROR,
      "the slot \"%s\" is for op %s, but the proposal has %s (numbered from 0)"),
  PROPOSAL_SLOT_TWICE(
      "ProposalSlot", Kind.ERROR, "the slot \"%s\" of op %s is given twice: give each slot once"),
  PROPOSAL_SLOT_TYPE(
      "ProposalSlot",
      Kind.ERROR,
      "%s is declared %s, but the contract types the operand %s: leave the type out so it follows"
          + " the contract"),
  PROPOSAL_SLOT_OPTIONS(
      "ProposalSlot",
      Kind.ERROR,
      "%s offers %s, which the contract's enum does not have: offer some of %s"),
  PROPOSAL_SLOT_VALUE("ProposalSlot", Kind.ERROR, "%s offers a value it cannot take: %s"),
  PROPOSAL_SLOT_DRAFT(
      "ProposalSlot",
      Kind.ERROR,
      "%s drafts \"%s\", which is not among its options: draft one of them, or leave the default"
          + " empty"),
  PROPOSAL_METADATA_KEY(
      "ProposalMetadata",
      Kind.ERROR,
      "a metadata entry has a blank key: name every entry, such as metadata(\"ticket\", \"T-12\")"),
  PROPOSAL_METADATA_VALUE(
      "ProposalMetadata",
      Kind.ERROR,
      "the metadata entry \"%s\" has no value: give it a string (empty is fine), or leave the entry"
          + " out"),
  PROPOSAL_METADATA_SIZE(
      "ProposalMetadata",
      Kind.ERROR,
      "the metadata holds %s characters, more than the %s a proposal carries: keep bulky data in"
          + " the host's own store and put its id here");

  /** Whom a message is for. */
  public enum Kind {
    /** Thrown to the developer or the operator: a misconfiguration, a refusal. */
    ERROR,
    /** Listed beside a result that still holds: a source's warnings. */
    WARNING,
    /** Sent back to the model, in words it can correct its call from. */
    CORRECTION
  }

  private final MessageTemplate text;

  RuntimeMessage(String tag, Kind kind, String template) {
    this.text = new MessageTemplate(tag, kind, template);
  }

  @Override
  public MessageTemplate text() {
    return text;
  }

  /** The stable tag the message starts with, in brackets. */
  public String tag() {
    return text.tag();
  }

  /** Whom the message is for. */
  public Kind kind() {
    return text.kind();
  }

  /** The text after the tag, with a {@code %s} for each argument. */
  public String template() {
    return text.template();
  }
}
