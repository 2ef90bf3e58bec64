package dev.agentkit.processor;

/**
 * The stable tags of the checks only the compiler can make. Rules about contracts have their tags
 * in {@link dev.agentkit.contract.Problem.Kind}; these are about methods, types, options and files.
 */
enum Tags {
  SNAPSHOT_DIR_OPTION("SnapshotDirOption"),
  CONTRACT_NAME("ContractName"),
  SNAPSHOT_MISSING("SnapshotMissing"),
  SNAPSHOT_MALFORMED("SnapshotMalformed"),
  READER_SIGNATURE("ReaderSignature"),
  RUN_SIGNATURE("RunSignature"),
  UNSUPPORTED_RUN_RESULT("UnsupportedRunResult"),
  ASK_SIGNATURE("AskSignature"),
  RUN_WITHOUT_ACT("RunWithoutAct"),
  ASK_WITHOUT_ACT("AskWithoutAct"),
  DUPLICATE_RUN("DuplicateRun"),
  DUPLICATE_ASK("DuplicateAsk"),
  MISPLACED_ANNOTATION("MisplacedAnnotation"),
  INACCESSIBLE("Inaccessible"),
  INACCESSIBLE_TYPE("InaccessibleType"),
  UNSUPPORTED_TYPE("UnsupportedType"),
  REMOVED_ENUM_VALUE("RemovedEnumValue"),
  UNKNOWN_ENUM_CONSTANT("UnknownEnumConstant"),
  UNBOUND_WIRING("UnboundWiring"),
  NAME_TOO_LONG("NameTooLong"),
  PROCESSOR_FAILURE("ProcessorFailure");

  private final String tag;

  Tags(String tag) {
    this.tag = tag;
  }

  /** The message starting with this tag. */
  String message(String sentence) {
    return "[" + tag + "] " + sentence;
  }
}
