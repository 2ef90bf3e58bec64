package dev.agentkit.proposal;

import java.util.Objects;

/**
 * One object a proposal touches: its kind, its id and the label it has now.
 *
 * <p>The label comes from code (a {@link Labeler}), never from the model: an agent that never
 * writes a name can never get one wrong. Kinds and ids are written into question tokens ({@code
 * {{task:t1|Write report}}}) and ask keys, so a kind starts with a letter and holds only letters,
 * digits, {@code _} and dots (the token grammar UIs parse, as in {@code pm.taskState}), and an id
 * holds no whitespace, braces or pipes.
 *
 * @param kind the object's kind, e.g. {@code task}
 * @param id the object's id within its kind
 * @param label the object's current display name, or empty when none is known
 */
public record ObjectRef(String kind, String id, String label) {

  /**
   * Checks the kind and id; a null label becomes empty.
   *
   * @throws IllegalArgumentException when the kind or id cannot be written into a token
   */
  public ObjectRef {
    kind = Objects.requireNonNullElse(kind, "").trim();
    id = Objects.requireNonNullElse(id, "").trim();
    label = Objects.requireNonNullElse(label, "").trim();
    String problem = QuestionTokenizer.kindProblem(kind);
    if (problem == null) {
      problem = QuestionTokenizer.idProblem(id);
    }
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
  }

  /** A ref with no label yet; a proposal's builder resolves it through its labeler. */
  public static ObjectRef of(String kind, String id) {
    return new ObjectRef(kind, id, "");
  }

  /** Whether the ref carries a label, so a question can name it. */
  public boolean hasLabel() {
    return !label.isEmpty();
  }

  /** This ref with another label. */
  public ObjectRef withLabel(String label) {
    return new ObjectRef(kind, id, label);
  }

  /** {@code kind:id}, the part of a token and of an ask key that identifies the object. */
  public String key() {
    return kind + ":" + id;
  }
}
