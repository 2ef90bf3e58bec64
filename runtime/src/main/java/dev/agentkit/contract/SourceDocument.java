package dev.agentkit.contract;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The document a contract was read from, as a source fetched it: the SHA-256 of its bytes (after
 * the source's size cap, before any parsing) and the mapping that turned it into ops, with that
 * mapping's version. A snapshot records it ({@code "document"}; docs/snapshot-format.md), so that a
 * source fetching the same bytes again can answer the contract it already has instead of mapping
 * the document again: equal bytes read by the same mapping give the same contract.
 *
 * <p>The mapping's version is part of the record because the same bytes read by another version of
 * a mapping may give other ops: a snapshot taken by one version is never reused by another.
 *
 * <p>Not part of the contract's digest or identity: two contracts read from documents that differ
 * only in what the mapping ignores (whitespace, examples) are the same contract.
 *
 * @param digest {@code sha256:} and 64 lowercase hex digits: the SHA-256 of the document's bytes
 * @param mapping the mapping and its version, such as {@code openapi/1}
 */
public record SourceDocument(String digest, String mapping) {
  private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
  private static final Pattern MAPPING = Pattern.compile("[a-z][a-z0-9._-]{0,31}/[0-9]{1,9}");

  /**
   * Checks both components.
   *
   * @throws IllegalArgumentException when the digest is not {@code sha256:} and 64 lowercase hex
   *     digits, or the mapping is not a lowercase name, a slash and a version number
   */
  public SourceDocument {
    Objects.requireNonNull(digest, "digest");
    Objects.requireNonNull(mapping, "mapping");
    if (!DIGEST.matcher(digest).matches()) {
      throw new IllegalArgumentException(
          "a document digest is sha256: and 64 lowercase hex digits, but it is \"" + digest + "\"");
    }
    if (!MAPPING.matcher(mapping).matches()) {
      throw new IllegalArgumentException(
          "a document's mapping is a lowercase name of at most 32 characters, a slash and a"
              + " version number, such as openapi/1, but it is \""
              + mapping
              + "\"");
    }
  }

  /** The record of {@code bytes[0, length)} read by {@code mapping}. */
  public static SourceDocument of(byte[] bytes, int length, String mapping) {
    Objects.checkFromIndexSize(0, length, bytes.length);
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(bytes, 0, length);
      return new SourceDocument("sha256:" + HexFormat.of().formatHex(sha.digest()), mapping);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  /** The record of all of {@code bytes} read by {@code mapping}. */
  public static SourceDocument of(byte[] bytes, String mapping) {
    return of(bytes, bytes.length, mapping);
  }
}
