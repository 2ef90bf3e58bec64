package dev.agentkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.LineText;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The API never hands out an internal type: no public or protected method, constructor or field of
 * a public class outside {@code dev.agentkit.internal} names one in its signature, generics
 * included. Internal classes are then free to change between releases.
 */
class InternalUseTest {
  private static final DescribedPredicate<JavaClass> API_CLASS =
      DescribedPredicate.describe(
          "a public class of the API",
          c -> c.getModifiers().contains(JavaModifier.PUBLIC) && !isInternal(c));

  @Test
  void noApiSignatureNamesAnInternalType() {
    signatures().check(ArchitectureTest.RUNTIME);
  }

  @Test
  void noApiFieldHasAnInternalType() {
    fieldTypes().check(ArchitectureTest.RUNTIME);
  }

  /** A public class that hands out an internal type twice, so the rules are seen to catch it. */
  public static final class Leaky {
    public JsonTree.Malformed tree;

    public java.util.List<dev.agentkit.internal.text.LineText> texts() {
      return List.of();
    }
  }

  @Test
  void aLeakIsCaughtWithItsPlace() {
    JavaClasses leaky = new ClassFileImporter().importClasses(Leaky.class);
    assertThatThrownBy(() -> signatures().check(leaky))
        .hasMessageContaining(
            Leaky.class.getName() + ".texts() names the internal type " + LineText.class.getName());
    assertThatThrownBy(() -> fieldTypes().check(leaky))
        .hasMessageContaining(
            Leaky.class.getName() + ".tree names the internal type " + JsonTree.class.getName());
  }

  private static ArchRule signatures() {
    return codeUnits()
        .that()
        .areDeclaredInClassesThat(API_CLASS)
        .and()
        .arePublic()
        .or()
        .areProtected()
        .and()
        .areDeclaredInClassesThat(API_CLASS)
        .should(
            new ArchCondition<>("name no internal type") {
              @Override
              public void check(JavaCodeUnit unit, ConditionEvents events) {
                List<JavaType> types = new ArrayList<>(unit.getParameterTypes());
                types.add(unit.getReturnType());
                report(unit.getFullName(), types, events, unit);
              }
            });
  }

  private static ArchRule fieldTypes() {
    return fields()
        .that()
        .areDeclaredInClassesThat(API_CLASS)
        .and()
        .arePublic()
        .should(
            new ArchCondition<>("have no internal type") {
              @Override
              public void check(JavaField field, ConditionEvents events) {
                report(field.getFullName(), List.of(field.getType()), events, field);
              }
            });
  }

  private static void report(
      String where, List<JavaType> types, ConditionEvents events, Object item) {
    for (JavaType t : types) {
      for (JavaClass c : t.getAllInvolvedRawTypes()) {
        if (isInternal(c)) {
          events.add(
              SimpleConditionEvent.violated(
                  item, where + " names the internal type " + c.getName()));
        }
      }
    }
  }

  private static boolean isInternal(JavaClass c) {
    return c.getPackageName().startsWith("dev.agentkit.internal");
  }
}
