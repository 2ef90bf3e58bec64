package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.BaseDir;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
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
 * What docs/consumers.md and docs/cli.md show is what the plugin and the command line accept: each
 * goal a snippet names is one of the plugin's, each element of a {@code <configuration>} a
 * parameter of the goals it runs (as the plugin's own descriptor lists them), each contract,
 * consumer and acknowledgement passes the goals' checks, and each JSON config file reads without an
 * error.
 */
class ConsumersDocsTest {
  private static final Pattern BLOCK = Pattern.compile("(?ms)^```(xml|json)\\n(.*?)^```$");

  @TempDir Path module;

  /** The plugin's goals and each one's parameters, from the descriptor the build generated. */
  private static Map<String, Set<String>> goals() throws Exception {
    Element plugin =
        parse(Files.readString(BaseDir.resolve("target/classes/META-INF/maven/plugin.xml")));
    Map<String, Set<String>> out = new LinkedHashMap<>();
    for (Element mojo : descendants(plugin, "mojo")) {
      Set<String> parameters = new TreeSet<>();
      for (Element p : elements(child(mojo, "parameters"), "parameter")) {
        parameters.add(text(p, "name"));
      }
      out.put(text(mojo, "goal"), parameters);
    }
    return out;
  }

  @Test
  void everyXmlSnippetOfTheConsumersPageIsOneThePluginAccepts() throws Exception {
    Map<String, Set<String>> goals = goals();
    assertThat(goals).containsKeys("attach-uses", "verify-consumers");
    Matcher m = BLOCK.matcher(Files.readString(BaseDir.resolve("..", "docs", "consumers.md")));
    List<String> checked = new ArrayList<>();
    while (m.find()) {
      if (!m.group(1).equals("xml")) {
        continue;
      }
      Element snippet = parse("<snippet>" + m.group(2) + "</snippet>");
      for (Element goal : descendants(snippet, "goal")) {
        assertThat(goals).as("goal " + goal.getTextContent()).containsKey(goal.getTextContent());
        checked.add("goal " + goal.getTextContent());
      }
      for (Element config : descendants(snippet, "configuration")) {
        for (Element e : children(config)) {
          assertThat(goals.get("verify-consumers"))
              .as("<" + e.getTagName() + "> of verify-consumers")
              .contains(e.getTagName());
        }
        checked.addAll(contracts(config));
        for (Element c : descendants(config, "consumer")) {
          ConsumerSpec.parse(c.getTextContent(), "docs/consumers.md");
          checked.add("consumer " + c.getTextContent());
        }
      }
      for (Element acks : descendants(snippet, "acknowledgements")) {
        assertThat(goals.get("verify-consumers")).contains("acknowledgements");
        assertThat(AcknowledgementConfig.check(acknowledgements(acks))).isNotEmpty();
        checked.add("acknowledgements");
      }
    }
    assertThat(checked)
        .contains(
            "goal attach-uses",
            "goal verify-consumers",
            "contract taskboard",
            "consumer com.acme:digest-agent:[2.0,)",
            "acknowledgements");
  }

  /** Each {@code <contract>} through the goals' configuration checks. */
  private List<String> contracts(Element config) throws Exception {
    SourceFactory factory = new SourceFactory(name -> null, Map.of(), List.of(), module);
    List<String> out = new ArrayList<>();
    for (Element c : descendants(config, "contract")) {
      ContractConfig contract = new ContractConfig();
      contract.name = text(c, "name");
      contract.openapi = text(c, "openapi");
      Files.createDirectories(module.resolve(contract.openapi).getParent());
      Files.writeString(module.resolve(contract.openapi), "openapi: 3.0.3\n");
      assertThat(factory.configure(contract, 0).source()).isNotNull();
      out.add("contract " + contract.name);
    }
    return out;
  }

  private static List<AcknowledgementConfig> acknowledgements(Element acks) {
    List<AcknowledgementConfig> out = new ArrayList<>();
    for (Element e : elements(acks, "acknowledgement")) {
      AcknowledgementConfig a = new AcknowledgementConfig();
      a.rule = text(e, "rule");
      a.target = text(e, "target");
      a.expires = text(e, "expires");
      a.reason = text(e, "reason");
      a.agent = text(e, "agent");
      for (Element field : children(e)) {
        assertThat(List.of("rule", "target", "expires", "reason", "agent"))
            .contains(field.getTagName());
      }
      out.add(a);
    }
    return out;
  }

  @Test
  void everyJsonConfigFileOfTheConsumersAndCommandLinePagesReads() throws Exception {
    List<String> read = new ArrayList<>();
    for (String page : List.of("consumers.md", "cli.md")) {
      Matcher m = BLOCK.matcher(Files.readString(BaseDir.resolve("..", "docs", page)));
      int n = 0;
      while (m.find()) {
        if (!m.group(1).equals("json")) {
          continue;
        }
        Path file = module.resolve(page + "-" + n++ + ".json");
        Files.writeString(file, m.group(2));
        GoalOptions o = GoalOptions.read(file, name -> "value-of-" + name);
        assertThat(o.contracts).as(page).isNotEmpty();
        SourceFactory factory =
            new SourceFactory(name -> "value-of-" + name, Map.of(), List.of(), module);
        for (int i = 0; i < o.contracts.size(); i++) {
          ContractConfig c = o.contracts.get(i);
          if (c.openapi != null) {
            Files.createDirectories(module.resolve(c.openapi).getParent());
            Files.writeString(module.resolve(c.openapi), "openapi: 3.0.3\n");
          }
          assertThat(factory.configure(c, i).source()).isNotNull();
        }
        read.add(page + ": " + o.contracts.size() + " contracts");
      }
    }
    assertThat(read).containsExactly("consumers.md: 1 contracts", "cli.md: 3 contracts");
  }

  private static Element parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(xml)))
        .getDocumentElement();
  }

  private static String text(Element e, String name) {
    Element c = child(e, name);
    return c == null ? null : c.getTextContent().trim();
  }

  private static Element child(Element parent, String name) {
    List<Element> found = elements(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  private static List<Element> children(Element parent) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE) {
        out.add((Element) nodes.item(i));
      }
    }
    return out;
  }

  private static List<Element> elements(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    for (Element e : children(parent)) {
      if (e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  private static List<Element> descendants(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = parent.getElementsByTagName(name);
    for (int i = 0; i < nodes.getLength(); i++) {
      out.add((Element) nodes.item(i));
    }
    return out;
  }
}
