package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;

/**
 * What checking one agent found, as Dagger's validators report: every error with the location it
 * points at, in the order found, and the model to write. Nothing is reported while checking; the
 * processor prints the report and writes the model's wiring, which can bind only when the report is
 * clean ({@link WiringModel#bindable()}).
 *
 * @param items every error found
 * @param model the model to write: bindable when there is no error and a contract to check against,
 *     else only the types the agent's code names (views, enums, constants)
 */
record CheckReport(List<Item> items, WiringModel model) {
  CheckReport {
    items = List.copyOf(items);
    if (!items.isEmpty() && model.bindable()) {
      throw new IllegalArgumentException("a report with errors has no bindable model");
    }
  }

  /** One error: where it points and its message, tag first. */
  record Item(Location at, String message) {}

  static Builder builder() {
    return new Builder();
  }

  /** Collects the errors of one check. Not thread-safe; one per check. */
  static final class Builder {
    private final List<Item> items = new ArrayList<>();

    private Builder() {}

    /** Adds an error at {@code at}. */
    void error(Location at, String message) {
      items.add(new Item(at, message));
    }

    /** Whether no error was found. */
    boolean isClean() {
      return items.isEmpty();
    }

    /** The report with its model, which must not be bindable when an error was found. */
    CheckReport build(WiringModel model) {
      return new CheckReport(items, model);
    }
  }
}
