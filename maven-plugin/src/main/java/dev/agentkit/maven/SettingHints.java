package dev.agentkit.maven;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A source's messages name the builder setting to raise ({@code raise maxDocumentBytes}); in this
 * plugin that setting is an element of the {@code <contract>}, so a message says the element the
 * user can set, one row per setting.
 */
final class SettingHints {
  private SettingHints() {}

  /** Each builder setting a source's message may name, and its element in a {@code <contract>}. */
  static final Map<String, String> ELEMENTS =
      Map.ofEntries(
          Map.entry("maxResponseBytes", "<maxResponseBytes>"),
          Map.entry("maxDocumentBytes", "<maxDocumentBytes>"),
          Map.entry("maxDocumentNodes", "<maxDocumentNodes>"),
          Map.entry("maxAliasExpansion", "<maxAliasExpansion>"),
          Map.entry("maxYamlAliases", "<maxYamlAliases>"),
          Map.entry("maxDocumentDepth", "<maxDocumentDepth>"),
          Map.entry("maxEnumValues", "<maxEnumValues>"),
          Map.entry("maxYamlLineChars", "<maxYamlLineChars>"),
          Map.entry("maxLineChars", "<mcp><maxLineChars>"),
          Map.entry("maxListBytes", "<mcp><maxListBytes>"),
          Map.entry("maxPages", "<mcp><maxPages>"),
          Map.entry("listTimeout", "<mcp><listTimeoutMillis>"));

  private static final Pattern RAISE = Pattern.compile("\\braise (\\w+)");

  /** The message with each setting it says to raise named as the contract's element. */
  static String forPlugin(String message) {
    Matcher m = RAISE.matcher(message);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String element = ELEMENTS.get(m.group(1));
      m.appendReplacement(
          sb,
          Matcher.quoteReplacement(
              element == null ? m.group() : "raise " + element + " in the <contract>"));
    }
    return m.appendTail(sb).toString();
  }
}
