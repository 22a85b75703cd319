// Plain JavaScript on purpose: it must run, and explain itself, on any Node version.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `woollahra-moncur: Node.js 22.22 or newer is needed (24 recommended); this is ${process.version}.`,
  );
  process.exit(1);
}
