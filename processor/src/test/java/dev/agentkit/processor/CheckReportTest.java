package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.processor.CheckReport.Item;
import dev.agentkit.processor.CheckReport.Severity;
import java.util.List;
import javax.tools.Diagnostic;
import org.junit.jupiter.api.Test;

/**
 * The report alone decides whether an agent's wiring can bind: what is found before the check (the
 * snapshot lookup, the contract's unknowns) and after it (enum constants the source still names)
 * joins the check's items, in order, and any error among them makes the model unbindable.
 */
class CheckReportTest {
  private static final Location NOWHERE = Location.of(null);

  private static WiringModel model(boolean bindable) {
    return new WiringModel(
        "p",
        "A_Wiring",
        false,
        null,
        null,
        null,
        "c",
        "d",
        List.of(),
        List.of(),
        false,
        List.of(),
        bindable);
  }

  private static CheckReport clean() {
    return CheckReport.builder().build(model(true));
  }

  @Test
  void warningsAroundACleanCheckKeepItBindable() {
    Item before = new Item(NOWHERE, "[UnknownTier] w", Severity.WARNING);
    CheckReport report = clean().around(List.of(before), List.of());
    assertThat(report.isClean()).isTrue();
    assertThat(report.model().bindable()).isTrue();
    assertThat(report.items()).containsExactly(before);
  }

  @Test
  void anErrorFoundAfterTheCheckMakesTheModelUnbindable() {
    Item after = new Item(NOWHERE, "[RemovedEnumValue] e");
    CheckReport report = clean().around(List.of(), List.of(after));
    assertThat(report.isClean()).isFalse();
    assertThat(report.model().bindable()).isFalse();
  }

  @Test
  void itemsKeepTheirOrderBeforeTheCheckThenAfter() {
    CheckReport.Builder b = CheckReport.builder();
    b.error(NOWHERE, "check");
    CheckReport checked = b.build(model(false));
    Item first = new Item(NOWHERE, "lookup");
    Item last = new Item(NOWHERE, "removed");
    assertThat(checked.around(List.of(first), List.of(last)).items())
        .extracting(Item::message)
        .containsExactly("lookup", "check", "removed");
  }

  @Test
  void aReportWithAnErrorCannotCarryABindableModel() {
    assertThatThrownBy(() -> new CheckReport(List.of(new Item(NOWHERE, "e")), model(true)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a report with errors has no bindable model");
  }

  @Test
  void severitiesPrintAsJavacKinds() {
    assertThat(Severity.ERROR.kind()).isEqualTo(Diagnostic.Kind.ERROR);
    assertThat(Severity.WARNING.kind()).isEqualTo(Diagnostic.Kind.WARNING);
  }
}
