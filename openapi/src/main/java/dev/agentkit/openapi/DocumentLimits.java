package dev.agentkit.openapi;

/**
 * The bounds a document is read within, so that a small or hostile one cannot cost more than its
 * size warrants: YAML aliases expand, and a scanner can be slow on one long line. Every bound is a
 * default a user can raise ({@link OpenApiContractSource.Builder}, the plugin's {@code
 * <contract>}).
 *
 * @param maxNodes the most nodes (mappings, sequences, scalars), YAML aliases expanded
 * @param maxAliasExpansion the most nodes YAML aliases may add, each use counting what it stands
 *     for
 * @param maxYamlAliases the most uses of YAML aliases of mappings and sequences
 * @param maxDepth the deepest nesting of mappings and sequences
 * @param maxEnumValues the most values of one {@code enum}
 * @param maxYamlLineChars the longest line of a YAML document
 */
record DocumentLimits(
    int maxNodes,
    int maxAliasExpansion,
    int maxYamlAliases,
    int maxDepth,
    int maxEnumValues,
    int maxYamlLineChars) {
  static final DocumentLimits DEFAULTS =
      new DocumentLimits(
          OpenApiContractSource.DEFAULT_MAX_DOCUMENT_NODES,
          OpenApiContractSource.DEFAULT_MAX_ALIAS_EXPANSION,
          OpenApiContractSource.DEFAULT_MAX_YAML_ALIASES,
          OpenApiContractSource.DEFAULT_MAX_DOCUMENT_DEPTH,
          OpenApiContractSource.DEFAULT_MAX_ENUM_VALUES,
          OpenApiContractSource.DEFAULT_MAX_YAML_LINE_CHARS);
}
