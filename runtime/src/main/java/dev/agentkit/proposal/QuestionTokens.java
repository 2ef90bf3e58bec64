package dev.agentkit.proposal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Question tokens: the way a proposal's question names the objects it acts on.
 *
 * <p>A token is {@code {{kind:id|fallback}}}: the object's kind and id, and its label when the
 * question was tokenized. A UI shows the object's live label (see {@link #render}); the fallback is
 * shown when the object can no longer be resolved. Every method is a pure function and thread-safe.
 */
public final class QuestionTokens {
  private QuestionTokens() {}

  /**
   * Rewrites a question so that it names the anchor and every other labelled ref with tokens.
   *
   * <ol>
   *   <li>Brace runs that are not well-formed tokens become plain text.
   *   <li>Each token takes the live label of its object; a token whose object cannot be resolved
   *       becomes its fallback text (or its id when the fallback is empty).
   *   <li>For each ref not yet named, longest label first: the first quoted title equal to its
   *       label, in any of {@code "…"}, {@code “…”}, {@code '…'} and {@code ‘…’}, or else the first
   *       whole-word occurrence of its id, becomes its token. Ids of one character or only digits
   *       are not looked for. A single quote is also the apostrophe, so a single-quoted title
   *       counts only at word edges: no letter or digit just before its opening quote or just after
   *       its closing one ("don't", "it’s" and "O'Brien" never open or close a title).
   *   <li>Each ref still unnamed replaces its first deictic, case-insensitively: "this" and then
   *       "the" before the kind's words ("this project", "the project", "this action item") and
   *       before the other nouns of its kind (a task is also a "todo", an email a "message", a
   *       thread a "conversation"); for the anchor only, then "this item" and "it". Otherwise its
   *       token is appended in parentheses.
   * </ol>
   *
   * <p>Tokenizing a tokenized question changes nothing. Refs without a label (from the ref or the
   * labeler) are not named.
   *
   * @param anchor what the question's ops act on
   * @param others other objects the question should name, such as the destination of a move
   * @param labeler resolves live labels; may be {@link Labeler#none()}
   */
  public static String tokenize(
      String question, ObjectRef anchor, List<ObjectRef> others, Labeler labeler) {
    Objects.requireNonNull(anchor, "anchor");
    List<ObjectRef> refs = new ArrayList<>(others.size() + 1);
    refs.add(anchor);
    refs.addAll(others);
    return QuestionTokenizer.tokenize(
        Objects.requireNonNullElse(question, ""), refs, Objects.requireNonNull(labeler, "labeler"));
  }

  /**
   * The question as a person reads it: each token replaced by its object's live label, or by its
   * fallback when the labeler does not know the object; malformed brace runs become plain text.
   */
  public static String render(String question, Labeler labeler) {
    return QuestionTokenizer.render(
        Objects.requireNonNullElse(question, ""), Objects.requireNonNull(labeler, "labeler"));
  }

  /** The token naming a ref: {@code {{kind:id|label}}}, with the id as fallback when unlabelled. */
  public static String token(ObjectRef ref) {
    return QuestionTokenizer.token(ref);
  }
}
