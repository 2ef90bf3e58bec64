import dev.agentkit.contract.ContractSnapshot
import dev.agentkit.contract.Tier
import dev.agentkit.maven.ItProject

dev.agentkit.maven.ItBackend.stop()
def runs = ItProject.builds(new File(basedir, 'build.log').toPath())
assert runs.size() == 5

// 1: the lowering without a reason.
assert runs[0].contains('agentkit configuration: [TierOverride] contracts[0] (github): <tiers> the tier override of opcode pulls/merge lowers pulls/merge (reversible) to read_only and gives no reason: a lower tier means less oversight, so give the reason it is safe, or a tier no lower than the source\'s')

// 2: the snapshot: the ops as served, the overrides recorded, read back as irreversible.
def file = new File(basedir, 'contract-snapshots/github.json')
def text = file.text
assert runs[1].contains('agentkit: wrote the first snapshot of github (2 ops, sha256:')
assert text.contains('"tier": "reversible"') && !text.contains('"tier": "irreversible",\n      "operands"')
assert text.contains('  "tiers": [\n    {\n      "opcode": "pulls/merge",\n      "tier": "irreversible",\n      "reason": ""\n    },\n    {\n      "pattern": "repos/*",\n      "tier": "irreversible",\n      "reason": ""\n    }\n  ],\n  "document": {\n    "digest": "sha256:')
def snapshot = ContractSnapshot.read(file.toPath())
assert snapshot.op('pulls/merge').get().tier() == Tier.IRREVERSIBLE
assert snapshot.op('repos/transfer').get().tier() == Tier.IRREVERSIBLE
assert snapshot.served().op('pulls/merge').get().tier() == Tier.REVERSIBLE
assert text == ContractSnapshot.write(snapshot)

// 3: the agent compiled; its wiring holds the snapshot's digest and applies the overrides.
assert runs[2].contains('BUILD SUCCESS')
def wiring = new File(basedir, 'target/generated-sources/annotations/it/Maintainer_Wiring.java').text
assert wiring.contains(snapshot.digest())
assert wiring.contains('TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE)')
assert wiring.contains('TierOverride.forPattern("repos/*", Tier.IRREVERSIBLE)')

// 4: no drift; the document is the one the snapshot records, so it was not mapped again, and the
// overrides were applied to the snapshot's contract as they would be to a mapped one.
assert runs[3].contains('agentkit: github: no drift (check of ')
assert runs[3].contains("agentkit: github: the document is the one the snapshot was taken from (${snapshot.document().get().digest()}), so it was not mapped again")

// 5: the source's change under the override is said, and it is compatible.
assert runs[4].contains('tier-under-override: the source now says external_reversible for pulls/merge, which Maintainer uses, instead of reversible; your tier override keeps irreversible')
assert runs[4].contains('agentkit: github: 0 breaking, 1 compatible, 0 informational')
return true
