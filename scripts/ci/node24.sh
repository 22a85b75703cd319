# Sourced by .ci/run: puts Node.js 24 first on PATH when the machine's Node is older. Node 24
# comes from the npm registry (the `node` package carries the binary and its C headers), as
# the README's `npx -y -p node@24 -- …` does for a person; installed once under the cache dir.
if node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)' 2>/dev/null; then
  return 0
fi
_node24_dir="${XDG_CACHE_HOME:-$HOME/.cache}/woollahra-moncur/node24"
_node24_package="$_node24_dir/node_modules/node"
if [ ! -x "$_node24_package/bin/node" ]; then
  mkdir -p "$_node24_dir"
  npm install --prefix "$_node24_dir" --no-save --no-audit --no-fund --loglevel=error node@24 >/dev/null ||
    { echo "ci: could not install Node.js 24 from the npm registry" >&2; return 1; }
fi
export PATH="$_node24_package/bin:$PATH"
# Native addons build against Node 24's headers, not a system npm's `nodedir`.
for _headers in "$_node24_package"/node_modules/node-*; do
  [ -d "$_headers/include" ] && export npm_config_nodedir="$_headers"
done
unset _node24_dir _node24_package _headers
