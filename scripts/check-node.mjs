// Plain JavaScript on purpose: it must run, and explain itself, on any Node version.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  const script = process.env.npm_lifecycle_event;
  const retry = !script ? "npx -y -p node@24 -- npm start" : `npx -y -p node@24 -- npm run ${script}`;
  console.error(
    `woollahra-moncur: Node.js 22.22 or newer is needed (24 recommended); this is ${process.version}. Run it with Node 24 from the npm registry: ${retry}`,
  );
  process.exit(1);
}
