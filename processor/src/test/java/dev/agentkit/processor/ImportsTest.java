package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How a generated file names classes: imported by simple name unless that name means more. */
class ImportsTest {
  @Test
  void importsAClassOnceAndNamesItSimply() {
    Imports imports = new Imports("test", Set.of("Wiring"));
    assertThat(imports.name(Call.class)).isEqualTo("Call");
    assertThat(imports.name(Call.class)).isEqualTo("Call");
    assertThat(imports.name(Map.Entry.class)).isEqualTo("Map.Entry");
    assertThat(imports.imports()).containsExactly("dev.agentkit.Call", "java.util.Map");
  }

  @Test
  void importsNeitherJavaLangNorTheFilesOwnPackage() {
    Imports imports = new Imports("test", Set.of());
    assertThat(imports.name(String.class)).isEqualTo("String");
    assertThat(imports.name(new TypeRef("test", List.of("Board"), 0))).isEqualTo("Board");
    assertThat(imports.name(new TypeRef("test", List.of("Outer", "Inner"), 1)))
        .isEqualTo("Outer.Inner[]");
    assertThat(imports.imports()).isEmpty();
  }

  @Test
  void qualifiesAClassWhoseSimpleNameTheFileDeclares() {
    Imports imports = new Imports("test", Set.of("List", "Call"));
    assertThat(imports.name(List.class)).isEqualTo("java.util.List");
    assertThat(imports.name(Call.class)).isEqualTo("dev.agentkit.Call");
    assertThat(imports.name(new TypeRef("test", List.of("Call"), 0))).isEqualTo("test.Call");
    assertThat(imports.imports()).isEmpty();
  }

  @Test
  void qualifiesTheSecondOfTwoClassesWithOneSimpleName() {
    Imports imports = new Imports("test", Set.of());
    assertThat(imports.name(new TypeRef("other", List.of("String"), 0))).isEqualTo("String");
    assertThat(imports.name(String.class)).isEqualTo("java.lang.String");
    assertThat(imports.name(new TypeRef("test", List.of("Call"), 0))).isEqualTo("Call");
    assertThat(imports.name(Call.class)).isEqualTo("dev.agentkit.Call");
    assertThat(imports.imports()).containsExactly("other.String");
  }

  @Test
  void namesAPrimitiveArrayAsWritten() {
    Imports imports = new Imports("test", Set.of());
    assertThat(imports.name(new TypeRef("", List.of("int"), 2))).isEqualTo("int[][]");
  }
}
