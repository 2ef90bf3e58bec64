package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The sizes the inbox stores, checked before anything is written (docs/inbox.md, "Limits"), so that
 * one proposal over a limit is refused on its own and the rest of its batch goes in. Names, ids,
 * labels and the ask key are fixed (their columns are indexed or read as names); the question, the
 * values and the JSON a proposal takes are defaults the builder raises up to {@value #COLUMN}, the
 * width of their columns; the batch is a default the builder raises at will.
 */
final class Limits {
  /** An ask key ({@code ask_key}). */
  static final int KEY = 1_000;

  /** An agent, an anchor's kind, an opcode, a context object's kind, a decider's name. */
  static final int NAME = 200;

  /** An anchor's id, a context object's id. */
  static final int ID = 500;

  /** An anchor's, a ref's, a context object's or a slot's label. */
  static final int LABEL = 1_000;

  /** The width of the columns that hold a question or JSON (migration 6). */
  static final int COLUMN = 1_000_000;

  /** A question, by default. */
  static final int QUESTION = 20_000;

  /**
   * One argument value, a slot's drafted value, a given slot value, a metadata value, by default.
   */
  static final int ARGUMENT = 20_000;

  /**
   * The ops, slots, refs, context, metadata or slot values of one proposal as stored, by default.
   */
  static final int JSON = 100_000;

  /** Proposals one {@code propose} stores, after the no-op filter and the flood cap, by default. */
  static final int BATCH = 1_000;

  /** A recorded outcome, reason or audit entry; longer text is cut with a marker. */
  static final int TEXT = 20_000;

  /** One op's failure message in an outcome; longer is cut with a marker. */
  static final int FAILURE = 2_000;

  /** One op's result in an outcome; longer is cut with a marker. */
  static final int RESULT = 200;

  /** The limits an inbox is built with. */
  static final Limits DEFAULTS = new Limits(QUESTION, ARGUMENT, JSON, BATCH);

  private final int question;
  private final int value;
  private final int json;
  private final int batch;

  Limits(int question, int value, int json, int batch) {
    this.question = question;
    this.value = value;
    this.json = json;
    this.batch = batch;
  }

  /**
   * One value to check: what it is (for the sentence), the value, its limit, what the limit is per,
   * the builder setting that raises it (empty when fixed), and whether it is stored in a plain text
   * column (where NUL cannot go) or inside JSON (where NUL is escaped and stored as it is).
   */
  record Field(String what, String value, int max, String per, String setting, boolean plain) {}

  /**
   * A value over its limit (one the builder raises, or a fixed one), or holding a character no
   * column stores as it is.
   */
  record Problem(boolean overLimit, boolean raisable, String sentence) {}

  /** Every problem of the proposal as {@code propose} would store it; empty when it fits. */
  List<Problem> check(Proposal p, Store.Row row) {
    List<Problem> out = new ArrayList<>();
    for (Field f : fields(p)) {
      check(f, out);
    }
    if (out.stream().noneMatch(Problem::overLimit)) {
      checkJson(row, out); // many values under their own limit may still not fit their column
    }
    return out;
  }

  static void check(Field f, List<Problem> out) {
    String v = f.value() == null ? "" : f.value();
    if (v.length() > f.max()) {
      out.add(
          new Problem(
              true,
              !f.setting().isEmpty(),
              f.what()
                  + " has "
                  + Text.count(v.length())
                  + " characters, over the limit of "
                  + Text.count(f.max())
                  + " "
                  + f.per()
                  + setBy(f.setting())));
    }
    int bad = Text.unstorable(v, f.plain());
    if (bad >= 0) {
      out.add(new Problem(false, false, f.what() + " holds " + Text.describeAt(v, bad)));
    }
  }

  private static String setBy(String setting) {
    return setting.isEmpty() ? "" : " (set by " + setting + ")";
  }

  private void checkJson(Store.Row row, List<Problem> out) {
    String[][] columns = {
      {"the ops", row.ops()},
      {"the slots", row.slots()},
      {"the refs", row.refs()},
      {"the context", row.contextJson()},
      {"the metadata", row.metadata()}
    };
    for (String[] c : columns) {
      checkJson(c[0], c[1], out);
    }
  }

  private void checkJson(String what, String stored, List<Problem> out) {
    if (stored.length() > json) {
      out.add(
          new Problem(
              true,
              true,
              what
                  + " take "
                  + Text.count(stored.length())
                  + " characters as stored, over the limit of "
                  + Text.count(json)
                  + " per proposal"
                  + setBy("maxJsonChars")));
    }
  }

  private List<Field> fields(Proposal p) {
    List<Field> f = new ArrayList<>();
    f.add(new Field("the ask key", p.askKey(), KEY, "per ask key", "", true));
    f.add(new Field("the agent's name", p.agent(), NAME, "per name", "", true));
    anchor(f, p.anchor());
    f.add(
        new Field(
            "the question", p.question(), question, "per question", "maxQuestionChars", true));
    for (int i = 0; i < p.ops().size(); i++) {
      Call op = p.ops().get(i).call();
      String of = " of op " + i + " (" + op.opcode() + ")";
      f.add(new Field("the opcode" + of, op.opcode(), NAME, "per name", "", true));
      for (Map.Entry<String, String> a : op.args().entrySet()) {
        f.add(new Field("the name of an argument" + of, a.getKey(), NAME, "per name", "", false));
        f.add(valueField("argument \"" + a.getKey() + "\"" + of, a.getValue(), "per argument"));
      }
    }
    for (UserSlot s : p.slots()) {
      slot(f, s);
    }
    for (ObjectRef r : p.refs()) {
      ref(f, "ref", r, false);
    }
    for (ObjectRef r : p.context()) {
      ref(f, "context object", r, true);
    }
    for (Map.Entry<String, String> m : p.metadata().entrySet()) {
      f.add(new Field("a metadata key", m.getKey(), NAME, "per name", "", false));
      f.add(valueField("metadata \"" + m.getKey() + "\"", m.getValue(), "per value"));
    }
    return f;
  }

  /** A value stored inside JSON, held to the value limit. */
  private Field valueField(String what, String v, String per) {
    return new Field(what, v, value, per, "maxValueChars", false);
  }

  private static void anchor(List<Field> f, ObjectRef a) {
    f.add(new Field("the anchor's kind", a.kind(), NAME, "per name", "", true));
    f.add(new Field("the anchor's id", a.id(), ID, "per id", "", true));
    f.add(new Field("the anchor's label", a.label(), LABEL, "per label", "", true));
  }

  private void slot(List<Field> f, UserSlot s) {
    String of = " of slot \"" + s.operand() + "\"";
    f.add(valueField("the drafted value" + of, s.defaultValue(), "per value"));
    f.add(new Field("the label" + of, s.label(), LABEL, "per label", "", false));
    for (String option : s.options()) {
      f.add(valueField("an option" + of, option, "per value"));
    }
  }

  /** A ref inside JSON, or a context object, whose kind and id are also columns of their own. */
  private static void ref(List<Field> f, String what, ObjectRef r, boolean columns) {
    String of = " of a " + what;
    f.add(new Field("the kind" + of, r.kind(), NAME, "per name", "", columns));
    f.add(new Field("the id" + of, r.id(), ID, "per id", "", columns));
    f.add(new Field("the label" + of, r.label(), LABEL, "per label", "", false));
  }

  /** Refuses the decider's name when it does not fit the audit trail's columns. */
  static void checkDecider(String who) {
    List<Problem> problems = new ArrayList<>();
    check(new Field("the decider's name", who, NAME, "per name", "", true), problems);
    throwIfAny(problems, "", "pass the person's id, which the audit trail records");
  }

  /** Refuses slot values that are over the limits or cannot be stored as given. */
  void checkSlotValues(String askKey, Map<String, String> values) {
    List<Problem> problems = new ArrayList<>();
    for (Map.Entry<String, String> v : new java.util.TreeMap<>(values).entrySet()) {
      Field name = new Field("the name of a slot value", v.getKey(), NAME, "per name", "", false);
      check(name, problems);
      check(
          valueField("the value given for slot \"" + v.getKey() + "\"", v.getValue(), "per value"),
          problems);
    }
    if (problems.isEmpty()) {
      checkJson("the slot values", Json.strings(values), problems);
    }
    throwIfAny(
        problems,
        "the proposal \""
            + askKey
            + "\" cannot be accepted with these slot values; it stays pending: ",
        "correct the value; the inbox never runs a changed copy");
  }

  /** Refuses a batch of more proposals than one {@code propose} stores. */
  void checkBatch(int size) {
    if (size > batch) {
      throw new InboxException(
          InboxException.Kind.LIMIT,
          "the batch holds "
              + Text.count(size)
              + " proposals after the no-op filter and the flood cap, over the limit of "
              + Text.count(batch)
              + " per propose call (set by maxBatchSize); nothing was stored: propose them in"
              + " batches of at most "
              + Text.count(batch));
    }
  }

  private static void throwIfAny(List<Problem> problems, String lead, String fix) {
    if (problems.isEmpty()) {
      return;
    }
    boolean over = problems.stream().anyMatch(Problem::overLimit);
    List<String> sentences = problems.stream().map(Problem::sentence).toList();
    throw new InboxException(
        over ? InboxException.Kind.LIMIT : InboxException.Kind.UNSTORABLE,
        lead
            + (sentences.size() == 1 ? sentences.get(0) : sentences.size() + " problems")
            + "; "
            + fix,
        sentences.size() == 1 ? List.of() : sentences,
        null);
  }

  /** The refusal of a proposal with these problems, as {@code propose} reports it. */
  static String refusal(String askKey, List<Problem> problems) {
    boolean over = problems.stream().anyMatch(Problem::overLimit);
    InboxException.Kind kind = over ? InboxException.Kind.LIMIT : InboxException.Kind.UNSTORABLE;
    boolean raisable = problems.stream().anyMatch(Problem::raisable);
    String fix =
        over
            ? "keep bulky content in the backend and pass a reference to it"
                + (raisable ? ", or raise the setting on ProposalInbox.builder" : "")
            : "correct the text the agent produced; the inbox never stores or runs a changed copy";
    List<String> sentences = problems.stream().map(Problem::sentence).toList();
    String what = sentences.size() == 1 ? sentences.get(0) : sentences.size() + " problems";
    return new InboxException(
            kind,
            "the proposal \""
                + Text.cut(askKey, 120)
                + "\" was not stored (the rest of its batch was): "
                + what
                + "; "
                + fix,
            sentences.size() == 1 ? List.of() : sentences,
            null)
        .getMessage();
  }

  /**
   * A limit as the builder is given it: at least 1, and at most {@code max}; {@code why} says where
   * the most comes from.
   *
   * @throws InboxException {@code [InboxArgument]} otherwise
   */
  static int setting(String name, int n, int max, String why) {
    if (n < 1 || n > max) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          name + " is " + Text.count(n) + ": give from 1 to " + Text.count(max) + why);
    }
    return n;
  }
}
