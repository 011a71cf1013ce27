// Fails early and clearly when npm did not put the project's pinned Node (devDependency `node`) first on PATH.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `\nThis project needs Node >= 22.12 (pinned: Node 24 via the "node" devDependency); this is Node ${process.versions.node}.\n` +
      'Run it through npm (npm start, npm test, npx ...) after `npm ci`, which installs the pinned Node.\n' +
      'If npm skipped its install script, check "allowScripts" in package.json.\n',
  );
  process.exit(1);
}
