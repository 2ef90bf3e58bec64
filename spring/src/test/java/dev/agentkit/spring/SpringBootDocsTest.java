package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.spring.AgentkitProperties.Acknowledgement;
import dev.agentkit.spring.AgentkitProperties.ContractProperties;
import dev.agentkit.testing.BaseDir;
import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.convert.DurationStyle;

/**
 * docs/spring-boot.md stays true: its properties table is the one generated from the metadata the
 * build writes ({@code META-INF/spring-configuration-metadata.json}), that metadata names every
 * property of the properties classes with its real default, the page's example configuration binds
 * and makes a valid source and policy, its Java is a compiled test source, and every tag the
 * starter reports is in docs/errors.md.
 */
class SpringBootDocsTest {
  static final Path PAGE = BaseDir.resolve("..", "docs", "spring-boot.md");
  static final Path METADATA =
      BaseDir.resolve("target", "classes", "META-INF", "spring-configuration-metadata.json");
  static final String BEGIN = "<!-- properties table: generated from the metadata -->";
  static final String END = "<!-- end of the properties table -->";
  static final String PREFIX = "agentkit.contracts.<name>.";

  @Test
  void thePropertiesTableIsTheOneTheMetadataMakes() throws IOException {
    String page = Files.readString(PAGE, StandardCharsets.UTF_8);
    int begin = page.indexOf(BEGIN);
    int end = page.indexOf(END);
    assertThat(begin).as("docs/spring-boot.md has " + BEGIN).isNotNegative();
    String documented = page.substring(begin + BEGIN.length(), end).strip();
    String generated = table();
    Files.writeString(BaseDir.resolve("target", "spring-boot-properties.md"), generated);
    assertThat(documented)
        .as(
            "the table in docs/spring-boot.md (the generated one is in target/spring-boot-properties.md)")
        .isEqualTo(generated);
  }

  /** One row per property: its name, type, default and description. */
  static String table() throws IOException {
    StringBuilder sb =
        new StringBuilder("| property | type | default | description |\n|---|---|---|---|\n");
    for (JsonNode p : metadata().path("properties")) {
      String name = p.path("name").asText();
      if (!name.startsWith("agentkit.")) {
        continue;
      }
      String type = p.path("type").asText();
      sb.append("| `")
          .append(name)
          .append("` | ")
          .append(simpleType(type))
          .append(" | ")
          .append(defaultValue(p))
          .append(" | ")
          .append(p.path("description").asText())
          .append(" |\n");
    }
    return sb.toString().strip();
  }

  /** A type as the table shows it: {@code Map<String,Integer>}, {@code DriftMode}. */
  private static String simpleType(String type) {
    String simple = type.replaceAll("\\b[a-z][a-z0-9]*\\.", "");
    simple = simple.substring(simple.lastIndexOf('$') + 1);
    // A generic type in backquotes, or Markdown reads <String,Integer> as an HTML tag.
    return simple.contains("<") ? "`" + simple.replace(",", ", ") + "`" : simple;
  }

  /** The default in backquotes; {@code ""} for an empty one, nothing when there is none. */
  private static String defaultValue(JsonNode p) {
    if (!p.has("defaultValue")) {
      return "";
    }
    String d = p.path("defaultValue").asText();
    return d.isEmpty() ? "`\"\"`" : "`" + d + "`";
  }

  @Test
  void theMetadataNamesEveryPropertyWithItsRealDefault() throws IOException {
    Map<String, Object> defaults = new TreeMap<>();
    leaves("", new ContractProperties(), defaults);
    leaves("drift.acknowledgements[<i>].", new Acknowledgement(), defaults);
    defaults.remove("drift.acknowledgements");
    Map<String, String> documented = new TreeMap<>();
    for (JsonNode p : metadata().path("properties")) {
      String name = p.path("name").asText();
      if (name.startsWith(PREFIX)) {
        documented.put(name.substring(PREFIX.length()), p.path("defaultValue").asText(null));
      }
    }
    assertThat(documented.keySet()).isEqualTo(defaults.keySet());
    for (Map.Entry<String, String> d : documented.entrySet()) {
      Object real = defaults.get(d.getKey());
      assertThat(parse(d.getValue(), real)).as(d.getKey()).isEqualTo(real);
    }
    List<String> hinted = new ArrayList<>();
    for (JsonNode hint : metadata().path("hints")) {
      if (hint.path("name").asText().equals(PREFIX + "drift.acknowledgements[<i>].rule")) {
        hint.path("values").forEach(v -> hinted.add(v.path("value").asText()));
      }
    }
    assertThat(hinted)
        .isEqualTo(Arrays.stream(DriftRule.values()).map(DriftRule::id).sorted().toList());
  }

  /** The leaf properties of a properties object, by kebab-case path, with their values. */
  private static void leaves(String path, Object bean, Map<String, Object> out) {
    BeanWrapperImpl w = new BeanWrapperImpl(bean);
    for (PropertyDescriptor d : w.getPropertyDescriptors()) {
      if (d.getName().equals("class")) {
        continue;
      }
      Object value = w.getPropertyValue(d.getName());
      String key = path + kebab(d.getName());
      if (value != null
          && value.getClass().getName().startsWith("dev.agentkit.spring.AgentkitProperties$")
          && !value.getClass().isEnum()) {
        leaves(key + ".", value, out);
      } else {
        out.put(key, value);
      }
    }
  }

  private static Object parse(String text, Object real) {
    if (text == null) {
      // An empty map is its own default; the metadata gives none.
      return real instanceof Map<?, ?> m && m.isEmpty() ? real : null;
    }
    if (real instanceof java.time.Duration) {
      return DurationStyle.detectAndParse(text);
    }
    if (real instanceof Integer) {
      return Integer.valueOf(text);
    }
    if (real instanceof Enum<?> e) {
      return Enum.valueOf(e.getDeclaringClass(), text.toUpperCase(Locale.ROOT).replace('-', '_'));
    }
    return text;
  }

  private static String kebab(String camel) {
    return camel.replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
  }

  @Test
  void theExampleConfigurationBindsToAValidSourceAndPolicy() throws IOException {
    String block = blocks("properties").get(0);
    Properties props = new Properties();
    props.load(new java.io.StringReader(block));
    Map<String, Object> map = new TreeMap<>();
    props.forEach((k, v) -> map.put((String) k, v));
    AgentkitProperties bound =
        new Binder(new MapConfigurationPropertySource(map))
            .bind("agentkit", AgentkitProperties.class)
            .get();
    assertThat(bound.getContracts()).containsOnlyKeys("taskboard");
    ContractSettings settings =
        new ContractSettings("taskboard", bound.getContracts().get("taskboard"));
    assertThat(settings.policy().acknowledgements()).hasSize(1);
    assertThat(
            settings
                .cache(
                    settings.source(
                        ContractSettingsTest.environment(Map.of()), name -> "a-real-token-value"))
                .describe())
        .isEqualTo("cached https://taskboard.internal/contract");
  }

  @Test
  void thePagesJavaIsACompiledTestSource() throws IOException {
    Pattern file = Pattern.compile("(?m)^```java (\\S+)$");
    Matcher m = file.matcher(Files.readString(PAGE));
    int files = 0;
    while (m.find()) {
      String path = m.group(1);
      String block = blocks("java " + path).get(0);
      assertThat(block + "\n")
          .as("docs/spring-boot.md's " + path)
          .isEqualTo(Files.readString(BaseDir.resolve("..", path)));
      files++;
    }
    assertThat(files).isPositive();
    assertThat(blocks("java")).as("plain java blocks, which the examples would compile").isEmpty();
  }

  /** The contents of each fenced block of the page whose info string is {@code info}. */
  static List<String> blocks(String info) throws IOException {
    List<String> lines = Files.readAllLines(PAGE, StandardCharsets.UTF_8);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).equals("```" + info)) {
        int end = i + 1;
        while (!lines.get(end).equals("```")) {
          end++;
        }
        out.add(String.join("\n", lines.subList(i + 1, end)));
        i = end;
      }
    }
    return out;
  }

  /**
   * The metadata the build wrote. The configuration processor merges the additional metadata only
   * when it runs, and an incremental compile with no Java change does not run it: a build that
   * missed an edit of the additional file is named as such, not reported as a wrong table.
   */
  private static JsonNode metadata() throws IOException {
    JsonNode built = ContractServer.JSON.readTree(METADATA.toFile());
    JsonNode additional =
        ContractServer.JSON.readTree(
            BaseDir.resolve(
                    "src",
                    "main",
                    "resources",
                    "META-INF",
                    "additional-spring-configuration-metadata.json")
                .toFile());
    for (JsonNode p : additional.path("properties")) {
      boolean merged = false;
      for (JsonNode b : built.path("properties")) {
        merged |= b.equals(p);
      }
      assertThat(merged)
          .as(
              METADATA
                  + " lacks "
                  + p.path("name").asText()
                  + " as the additional metadata has it: the configuration processor did not run"
                  + " after that file changed; build with mvn clean")
          .isTrue();
    }
    return built;
  }
}
