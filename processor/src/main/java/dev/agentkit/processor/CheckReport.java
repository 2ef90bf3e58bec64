package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;
import javax.tools.Diagnostic;

/**
 * What processing one agent found, as Dagger's validators report: every error and warning with the
 * location it points at, in the order found, and the model to write. Nothing is printed while
 * reading and checking: the snapshot lookup, the contract's unknown tiers and types, the checks and
 * the enum constants the source still names after the snapshot dropped them all become items of one
 * report, which the processor prints once. The wiring can bind only when the report is clean
 * ({@link #isClean()}, and then {@link WiringModel#bindable()} when there was a contract); a
 * warning stops nothing.
 *
 * @param items every error and warning found
 * @param model the model to write: bindable when there is no error and a contract to check against,
 *     else only the types the agent's code names (views, enums, constants)
 */
record CheckReport(List<Item> items, WiringModel model) {
  CheckReport {
    items = List.copyOf(items);
    if (model.bindable() && !clean(items)) {
      throw new IllegalArgumentException("a report with errors has no bindable model");
    }
  }

  /** How much an item stops: an error keeps the wiring from binding, a warning nothing. */
  enum Severity {
    ERROR(Diagnostic.Kind.ERROR),
    WARNING(Diagnostic.Kind.WARNING);

    private final Diagnostic.Kind kind;

    Severity(Diagnostic.Kind kind) {
      this.kind = kind;
    }

    /** The kind javac prints it as. */
    Diagnostic.Kind kind() {
      return kind;
    }
  }

  /** One error or warning: where it points, its message (tag first) and its severity. */
  record Item(Location at, String message, Severity severity) {
    /** An error. */
    Item(Location at, String message) {
      this(at, message, Severity.ERROR);
    }
  }

  /** Whether the report has no error; warnings do not count. */
  boolean isClean() {
    return clean(items);
  }

  /**
   * This report with items found before the check ({@code before}: the snapshot lookup, the
   * contract's warnings) and after it ({@code after}: what the source still names), in that order;
   * the model cannot bind when any of them is an error.
   */
  CheckReport around(List<Item> before, List<Item> after) {
    List<Item> all = new ArrayList<>(before);
    all.addAll(items);
    all.addAll(after);
    return new CheckReport(all, clean(all) ? model : model.unbindable());
  }

  private static boolean clean(List<Item> items) {
    return items.stream().allMatch(i -> i.severity() == Severity.WARNING);
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
      items.add(new Item(at, message, Severity.WARNING));
    }

    /** Whether no error was found; warnings do not count. */
    boolean isClean() {
      return clean(items);
    }

    /** The report with its model, which must not be bindable when an error was found. */
    CheckReport build(WiringModel model) {
      return new CheckReport(items, model);
    }
  }
}
