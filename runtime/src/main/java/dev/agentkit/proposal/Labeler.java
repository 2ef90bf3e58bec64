package dev.agentkit.proposal;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Resolves the current display label of an object from its kind and id. Questions name objects
 * through labels from code, so a stale or invented name in a model's sentence is replaced by the
 * live one.
 *
 * <p>Implementations should be cheap and must not return a label for an object that does not exist:
 * an unresolvable token is turned into plain text. An exception thrown by a labeler reaches the
 * caller of the builder or tokenizer.
 */
@FunctionalInterface
public interface Labeler {

  /** The object's current label, or empty when the object is unknown. */
  Optional<String> label(String kind, String id);

  /** A ref to the object, carrying its label when this labeler knows it. */
  default ObjectRef ref(String kind, String id) {
    ObjectRef ref = ObjectRef.of(kind, id);
    return label(ref.kind(), ref.id()).map(ref::withLabel).orElse(ref);
  }

  /** A labeler that knows no object. */
  static Labeler none() {
    return (kind, id) -> Optional.empty();
  }

  /**
   * A labeler backed by a function; a null or blank result means the object is unknown.
   *
   * @param labels called with kind and id
   */
  static Labeler of(BiFunction<String, String, String> labels) {
    Objects.requireNonNull(labels, "labels");
    return (kind, id) -> {
      String label = labels.apply(kind, id);
      return label == null || label.isBlank() ? Optional.empty() : Optional.of(label.trim());
    };
  }

  /**
   * A labeler backed by a copy of a map from kind to (id to label); later changes to the map are
   * not seen.
   */
  static Labeler ofMap(Map<String, Map<String, String>> labelsByKind) {
    Map<String, Map<String, String>> copy = new HashMap<>();
    labelsByKind.forEach((kind, labels) -> copy.put(kind, Map.copyOf(labels)));
    Map<String, Map<String, String>> frozen = Map.copyOf(copy);
    return of(
        (kind, id) -> {
          Map<String, String> labels = frozen.get(kind);
          return labels == null ? null : labels.get(id);
        });
  }
}
