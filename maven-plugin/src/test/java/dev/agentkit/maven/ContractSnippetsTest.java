package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * Every {@code <contract>} the README and the docs show is one the plugin accepts: each element is
 * a parameter of {@link ContractConfig}, and the configuration passes every check the goals make
 * before fetching (with the environment variables and settings.xml servers it names provided, and a
 * file where it names one).
 */
class ContractSnippetsTest {
  private static final Pattern XML_BLOCK = Pattern.compile("(?ms)^```xml\\n(.*?)^```$");
  private static final List<String> PAGES =
      List.of("README.md", "docs/maven-goals.md", "docs/openapi.md");

  @TempDir Path module;

  @Test
  void everyContractInTheDocsIsAcceptedByThePlugin() throws Exception {
    Path root = Path.of(System.getProperty("basedir", ".")).resolve("..");
    SourceFactory factory =
        new SourceFactory(
            Map.of("BOARD_TOKEN", "b-token", "TASKS_TOKEN", "t-token")::get,
            Map.of(
                "board", new SourceFactory.Server(null, "pw"),
                "tasks", new SourceFactory.Server(null, "pw")),
            List.of(),
            module);
    List<String> checked = new ArrayList<>();
    for (String page : PAGES) {
      Matcher m = XML_BLOCK.matcher(Files.readString(root.resolve(page)));
      while (m.find()) {
        for (Element contract : contracts(m.group(1))) {
          ContractConfig c = config(contract, page);
          if (c.openapi != null && !c.openapi.contains("://")) {
            Files.createDirectories(module.resolve(c.openapi).getParent());
            Files.writeString(module.resolve(c.openapi), "openapi: 3.0.3\n");
          }
          SourceFactory.Configured configured = factory.configure(c, 0);
          assertThat(configured.source()).as(page + ": " + c.name).isNotNull();
          assertThat(configured.tiers()).hasSameSizeAs(c.tiers);
          checked.add(page + ": " + c.name + (c.mcp == null ? "" : " (mcp)"));
        }
      }
    }
    assertThat(checked)
        .as("the <contract> blocks found")
        .contains("README.md: taskboard", "docs/openapi.md: tasks")
        .contains("docs/maven-goals.md: taskboard (mcp)")
        .contains("docs/maven-goals.md: github", "docs/openapi.md: github")
        .hasSizeGreaterThanOrEqualTo(5);
  }

  private static List<Element> contracts(String block) throws Exception {
    Element root =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new InputSource(new StringReader("<snippet>" + block + "</snippet>")))
            .getDocumentElement();
    NodeList found = root.getElementsByTagName("contract");
    List<Element> out = new ArrayList<>();
    for (int i = 0; i < found.getLength(); i++) {
      out.add((Element) found.item(i));
    }
    return out;
  }

  /** The contract as Maven would set it: each child element sets the field of its name. */
  private static ContractConfig config(Element contract, String page) throws Exception {
    ContractConfig c = new ContractConfig();
    set(c, contract, page);
    return c;
  }

  /**
   * Sets each field of {@code target} its child elements name: a list from its items, a map from
   * its elements' names and texts, a number, a nested object ({@code <mcp>}) element by element,
   * and {@code ${env.NAME}} resolved as Maven would.
   */
  private static void set(Object target, Element parent, String page) throws Exception {
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (!(n instanceof Element e)) {
        continue;
      }
      Field f;
      try {
        f = target.getClass().getDeclaredField(e.getTagName());
      } catch (NoSuchFieldException ex) {
        throw new AssertionError(
            page + ": <" + parent.getTagName() + "> has <" + e.getTagName() + ">, no parameter");
      }
      if (f.getName().equals("tiers")) {
        List<TierConfig> values = new ArrayList<>();
        for (Node v = e.getFirstChild(); v != null; v = v.getNextSibling()) {
          if (v instanceof Element item) {
            TierConfig t = new TierConfig();
            set(t, item, page);
            values.add(t);
          }
        }
        f.set(target, values);
      } else if (f.getType() == List.class) {
        List<String> values = new ArrayList<>();
        for (Node v = e.getFirstChild(); v != null; v = v.getNextSibling()) {
          if (v instanceof Element item) {
            values.add(text(item));
          }
        }
        f.set(target, values);
      } else if (f.getType() == Map.class) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Node v = e.getFirstChild(); v != null; v = v.getNextSibling()) {
          if (v instanceof Element item) {
            values.put(item.getTagName(), text(item));
          }
        }
        f.set(target, values);
      } else if (f.getType() == int.class) {
        f.setInt(target, Integer.parseInt(text(e)));
      } else if (f.getType() == long.class) {
        f.setLong(target, Long.parseLong(text(e)));
      } else if (f.getType() == String.class) {
        f.set(target, text(e));
      } else {
        Object nested = f.getType().getDeclaredConstructor().newInstance();
        set(nested, e, page);
        f.set(target, nested);
      }
    }
  }

  private static String text(Element e) {
    return e.getTextContent().trim().replace("${env.TASKS_TOKEN}", "t-token");
  }
}
