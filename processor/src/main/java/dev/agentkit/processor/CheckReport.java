package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What checking one agent found, as Dagger's validators report: every error with the location it
 * points at, in the order found, and the model to write when there is none. Nothing is reported
 * while checking; the processor prints the report and writes the wiring only from a clean one.
 *
 * @param items every error found
 * @param model the checked model, present only when there is no error and a contract to check
 *     against
 */
record CheckReport(List<Item> items, Optional<WiringModel> model) {
  CheckReport {
    items = List.copyOf(items);
    if (!items.isEmpty() && model.isPresent()) {
      throw new IllegalArgumentException("a report with errors has no model");
    }
  }

  /** One error: where it points and its message, tag first. */
  record Item(Location at, String message) {}

  /** Whether no error was found. */
  boolean isClean() {
    return items.isEmpty();
  }

  static Builder builder() {
    return new Builder();
  }

  /** Collects the errors of one check. Not thread-safe; one per check. */
  static final class Builder {
    private final List<Item> items = new ArrayList<>();

    private Builder() {}

    /** Adds an error at {@code at}. */
    Builder error(Location at, String message) {
      items.add(new Item(at, message));
      return this;
    }

    boolean isClean() {
      return items.isEmpty();
    }

    /** The report with no model: the check found errors or could not finish. */
    CheckReport build() {
      return new CheckReport(items, Optional.empty());
    }

    /** The report carrying {@code model} when clean, and no model otherwise. */
    CheckReport build(WiringModel model) {
      return new CheckReport(items, items.isEmpty() ? Optional.of(model) : Optional.empty());
    }
  }
}
