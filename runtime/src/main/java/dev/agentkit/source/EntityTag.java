package dev.agentkit.source;

import java.util.Objects;
import java.util.Optional;

/**
 * An HTTP entity tag ({@code ETag}, RFC 9110 §8.8.3): the validator a backend sends with its
 * contract so that a client can ask "has it changed?" with {@code If-None-Match} and be answered
 * {@code 304 Not Modified} without the body.
 *
 * <p>Both sides use it. {@link HttpContractSource} (and the OpenAPI source) keep the tag the
 * backend sent and send it back. A backend serving its contract tags it with {@link
 * #ofDigest(String)} and answers {@code 304} when {@link #matchedBy(String)} the request's {@code
 * If-None-Match}:
 *
 * <pre>{@code
 * EntityTag tag = EntityTag.ofDigest(contract.digest());
 * if (tag.matchedBy(request.getHeader("If-None-Match"))) {
 *   // 304, with the ETag header and no body
 * }
 * // 200, with "ETag: " + tag.header() and the contract
 * }</pre>
 *
 * <p>Comparison is the weak one RFC 9110 prescribes for {@code If-None-Match}: {@code W/"x"} and
 * {@code "x"} match. Immutable.
 */
public final class EntityTag {
  /** The longest tag kept; a longer one is ignored, and the next fetch is unconditional. */
  static final int MAX_LENGTH = 512;

  private final String opaque;
  private final boolean weak;

  private EntityTag(String opaque, boolean weak) {
    this.opaque = opaque;
    this.weak = weak;
  }

  /**
   * A strong tag for a contract of this digest, such as {@code "sha256:9f…"}: equal digests, equal
   * contracts, so a digest is the natural validator.
   *
   * @throws IllegalArgumentException when the digest holds a character a tag cannot (a space, a
   *     quote, a control character) or is empty
   */
  public static EntityTag ofDigest(String digest) {
    Objects.requireNonNull(digest, "digest");
    if (digest.isEmpty() || !tagText(digest, 0, digest.length())) {
      throw new IllegalArgumentException(
          "a digest used as an entity tag must be non-empty printable ASCII without spaces or"
              + " quotes, but it is \""
              + digest
              + "\"");
    }
    return new EntityTag(digest, false);
  }

  /**
   * The tag an {@code ETag} header gives, or empty when there is none or it is malformed. An
   * unquoted value, which some servers send, is taken as the tag's text when it is otherwise valid;
   * a value longer than 512 characters is ignored.
   */
  public static Optional<EntityTag> parse(String header) {
    if (header == null) {
      return Optional.empty();
    }
    String value = header.strip();
    if (value.isEmpty() || value.length() > MAX_LENGTH) {
      return Optional.empty();
    }
    boolean weak = value.startsWith("W/");
    String tag = weak ? value.substring(2) : value;
    if (tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"') {
      return tagText(tag, 1, tag.length() - 1)
          ? Optional.of(new EntityTag(tag.substring(1, tag.length() - 1), weak))
          : Optional.empty();
    }
    return !tag.isEmpty() && tagText(tag, 0, tag.length())
        ? Optional.of(new EntityTag(tag, weak))
        : Optional.empty();
  }

  /** The value of an {@code ETag} or {@code If-None-Match} header: {@code "x"} or {@code W/"x"}. */
  public String header() {
    return (weak ? "W/\"" : "\"") + opaque + '"';
  }

  /** Whether the backend marked the tag weak ({@code W/}). */
  public boolean weak() {
    return weak;
  }

  /**
   * Whether a request's {@code If-None-Match} header names this tag (weakly) or is {@code *}; false
   * for a missing or malformed header. A server answers {@code 304} when this is true.
   */
  public boolean matchedBy(String ifNoneMatch) {
    if (ifNoneMatch == null) {
      return false;
    }
    int i = 0;
    int n = ifNoneMatch.length();
    while (i < n) {
      int end = listItemEnd(ifNoneMatch, i);
      String one = ifNoneMatch.substring(i, end).strip();
      if (one.equals("*")) {
        return true;
      }
      Optional<EntityTag> tag = parse(one);
      if (tag.isPresent() && tag.get().opaque.equals(opaque)) {
        return true;
      }
      i = end + 1;
    }
    return false;
  }

  /**
   * Where the list item starting at {@code from} ends: the next comma outside quotes, or the end.
   */
  private static int listItemEnd(String list, int from) {
    boolean quoted = false;
    for (int i = from; i < list.length(); i++) {
      char c = list.charAt(i);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        return i;
      }
    }
    return list.length();
  }

  /** Equal when the text and the weakness are. */
  @Override
  public boolean equals(Object o) {
    return o instanceof EntityTag t && t.opaque.equals(opaque) && t.weak == weak;
  }

  @Override
  public int hashCode() {
    return opaque.hashCode() * 31 + Boolean.hashCode(weak);
  }

  /** The header value. */
  @Override
  public String toString() {
    return header();
  }

  /** Whether {@code s[from, to)} holds only the characters RFC 9110's etagc allows (ASCII part). */
  private static boolean tagText(String s, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c <= 0x20 || c == '"' || c >= 0x7f) {
        return false;
      }
    }
    return true;
  }
}
