package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;

/**
 * What checking one agent found, as Dagger's validators report: every error and warning with the
 * location it points at, in the order found, and the model to write. Nothing is reported while
 * checking; the processor prints the report and writes the model's wiring, which can bind only when
 * the report has no error ({@link WiringModel#bindable()}); a warning stops nothing.
 *
 * @param items every error and warning found
 * @param model the model to write: bindable when there is no error and a contract to check against,
 *     else only the types the agent's code names (views, enums, constants)
 */
record CheckReport(List<Item> items, WiringModel model) {
  CheckReport {
    items = List.copyOf(items);
    if (model.bindable() && items.stream().anyMatch(i -> !i.warning())) {
      throw new IllegalArgumentException("a report with errors has no bindable model");
    }
  }

  /**
   * One error or warning: where it points and its message, tag first.
   *
   * @param warning whether it is a warning, which stops nothing
   */
  record Item(Location at, String message, boolean warning) {
    /** An error. */
    Item(Location at, String message) {
      this(at, message, false);
    }
  }

  static Builder builder() {
    return new Builder();
  }

  /** Collects the errors and warnings of one check. Not thread-safe; one per check. */
  static final class Builder {
    private final List<Item> items = new ArrayList<>();

    private Builder() {}

    /** Adds an error at {@code at}. */
    void error(Location at, String message) {
      items.add(new Item(at, message));
    }

    /** Adds a warning at {@code at}. */
    void warning(Location at, String message) {
      items.add(new Item(at, message, true));
    }

    /** Whether no error was found; warnings do not count. */
    boolean isClean() {
      for (Item i : items) {
        if (!i.warning()) {
          return false;
        }
      }
      return true;
    }

    /** The report with its model, which must not be bindable when an error was found. */
    CheckReport build(WiringModel model) {
      return new CheckReport(items, model);
    }
  }
}
