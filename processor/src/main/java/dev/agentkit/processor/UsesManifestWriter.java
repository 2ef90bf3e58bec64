package dev.agentkit.processor;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.internal.UsesManifest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes a bindable agent's uses manifest, {@code META-INF/agentkit/uses/<contract>/<agent>.json}
 * in the class output ({@link UsesManifest}): what a backend's build grades a proposed contract
 * against. It is built from the checked model and from the enum values the agent's code names
 * ({@link RemovedValues.Scan#named}), never from the contract's own text, so no description, source
 * or credential can reach it.
 */
final class UsesManifestWriter {
  private UsesManifestWriter() {}

  /** The manifest of a bindable model. */
  static UsesManifest manifest(
      String agent, WiringModel model, Map<String, Map<String, Set<String>>> named) {
    Contract compiled =
        Contract.of(model.contractName(), model.compiledOps()).withTiers(model.tierOverrides());
    List<UsesManifest.Use> uses = new ArrayList<>();
    List<String> locals = new ArrayList<>();
    for (WiringModel.ActModel a : model.acts()) {
      if (a.local()) {
        locals.add(a.opcode());
        continue;
      }
      Map<String, List<String>> values = new TreeMap<>();
      named.getOrDefault(a.opcode(), Map.of()).forEach((k, v) -> values.put(k, List.copyOf(v)));
      uses.add(
          new UsesManifest.Use(
              a.opcode(),
              a.premise().category(),
              a.premise().input(),
              a.premise().terminalStates(),
              a.premise().structured(),
              a.run() != null,
              a.ask() != null,
              a.assertTier(),
              compiled.tierOverride(a.opcode()).map(UsesManifestWriter::overridden).orElse(null),
              values));
    }
    return new UsesManifest(model.contractName(), agent, model.contractDigest(), uses, locals);
  }

  private static UsesManifest.Overridden overridden(TierOverride o) {
    return new UsesManifest.Overridden(o.tier(), !o.reason().isEmpty());
  }

  /** Writes the manifest into the class output, originating from the agent. */
  static void write(Filer filer, TypeElement agent, UsesManifest manifest) throws IOException {
    FileObject file =
        filer.createResource(
            StandardLocation.CLASS_OUTPUT,
            "",
            UsesManifest.path(manifest.contract(), manifest.agent()),
            agent);
    // Bytes, not openWriter(): the compile's -encoding must not decide how a name is written.
    try (OutputStream out = file.openOutputStream()) {
      out.write(manifest.encode().getBytes(StandardCharsets.UTF_8));
    }
  }
}
