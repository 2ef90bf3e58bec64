def log = new File(basedir, "build.log").text
def snapshot = new File(basedir, "contract-snapshots/inventory.json")
assert snapshot.isFile()
assert log.contains('agentkit: wrote the first snapshot of inventory (1 ops, sha256:')
assert log.contains(' from it.InventorySource to ')
assert snapshot.text.contains('"source": "it.InventorySource"')
return true
