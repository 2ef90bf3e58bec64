package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * {@code agentkit-bom} lists every library the build publishes, at the reactor's version, and
 * nothing else: a module added to the build and deployed is in the BOM the day it is added.
 */
class BomTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..");

  @Test
  void theBomListsEveryPublishedLibraryAndNothingElse() throws Exception {
    TreeSet<String> published = new TreeSet<>();
    for (String module : children(read(ROOT.resolve("pom.xml")).getDocumentElement(), "modules")) {
      Element pom = read(ROOT.resolve(module).resolve("pom.xml")).getDocumentElement();
      boolean skipped = "true".equals(text(pom, "properties", "maven.deploy.skip"));
      boolean library = List.of("", "jar").contains(text(pom, "packaging"));
      if (!skipped && library && !module.equals("bom")) {
        published.add(text(pom, "artifactId"));
      }
    }
    Element bom = read(ROOT.resolve("bom").resolve("pom.xml")).getDocumentElement();
    TreeSet<String> listed = new TreeSet<>();
    Element deps = child(child(bom, "dependencyManagement"), "dependencies");
    for (Element d : elements(deps, "dependency")) {
      assertThat(text(d, "groupId")).isEqualTo("dev.agentkit");
      assertThat(text(d, "version")).isEqualTo("${project.version}");
      listed.add(text(d, "artifactId"));
    }
    assertThat(published).as("the published libraries").hasSizeGreaterThanOrEqualTo(8);
    assertThat(listed).as("bom/pom.xml").isEqualTo(published);
    assertThat(text(bom, "version"))
        .as("the BOM's version is the reactor's")
        .isEqualTo(text(read(ROOT.resolve("pom.xml")).getDocumentElement(), "version"));
  }

  private static Document read(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }

  /** The text of the child elements of {@code parent}'s child {@code list}. */
  private static List<String> children(Element parent, String list) {
    List<String> out = new ArrayList<>();
    for (Element e : elements(child(parent, list), "module")) {
      out.add(e.getTextContent().trim());
    }
    return out;
  }

  /** The text of the path of direct children, or "" when it is absent. */
  private static String text(Element e, String... path) {
    Element at = e;
    for (String name : path) {
      at = at == null ? null : child(at, name);
    }
    return at == null ? "" : at.getTextContent().trim();
  }

  private static Element child(Element parent, String name) {
    List<Element> found = elements(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  private static List<Element> elements(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node n = nodes.item(i);
      if (n instanceof Element && ((Element) n).getTagName().equals(name)) {
        out.add((Element) n);
      }
    }
    return out;
  }
}
