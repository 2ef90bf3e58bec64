package dev.agentkit.internal;

/**
 * Where the annotation processor puts a copy of a snapshot that records its source document, in the
 * class output, so that generated wiring can hold it at startup ({@code
 * dev.agentkit.source.HeldContract}) and a source whose document is unchanged answers it without
 * mapping the document again. Named by the contract and its digest, so that jars compiled against
 * different snapshots of one contract never shadow each other's copy. Not API: see the package
 * documentation.
 */
public final class SnapshotResource {
  /** The class-output directory of the copies. */
  public static final String LOCATION = "META-INF/agentkit/snapshots";

  private SnapshotResource() {}

  /**
   * The resource path of the copy of contract {@code name}'s snapshot with this digest: {@code
   * META-INF/agentkit/snapshots/<name>-<hex digits of the digest>.json}.
   */
  public static String path(String name, String digest) {
    String hex = digest.startsWith("sha256:") ? digest.substring("sha256:".length()) : digest;
    return LOCATION + "/" + name + "-" + hex + ".json";
  }
}
