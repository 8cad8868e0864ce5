// `node --require ./test/helpers/loaded-packages.cjs ...` with LOADED_PACKAGES_FILE=<path>: when the
// process exits, writes the names of the packages under node_modules it loaded (require.cache),
// one JSON array, so a test can see what a start loads before it serves.
const { writeFileSync } = require('node:fs');

const out = process.env.LOADED_PACKAGES_FILE;
if (out) {
  process.on('exit', () => {
    const names = new Set();
    for (const file of Object.keys(require.cache)) {
      const at = file.lastIndexOf('/node_modules/');
      if (at < 0) continue;
      const parts = file.slice(at + '/node_modules/'.length).split('/');
      names.add(parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
    }
    writeFileSync(out, JSON.stringify([...names].sort()));
  });
}
