// What the package's build (build-package.mjs) and the bundle (bundle.mjs) share: ES modules
// for Node 20.18, ASCII output, no legal comments (the bundle lists the licenses apart), and
// a `require` in the files that need one, since an ES module has none: the sources require
// commander and ipaddr.js (src/cli/commander.ts, src/schema/ipaddr-lib.ts), and the CommonJS
// dependencies the builds hold require Node's own modules. Start-up is most of a small
// command's time (`npm run bench -- startup`), so both builds also make what every start
// pays smaller: no `require` where a file uses none (withoutUnusedRequire), and commander
// loads child_process (and with it net, dgram and more of Node) only when it runs one.
import { readFileSync } from 'node:fs';

const REQUIRE_BANNER =
  "import { createRequire as __monitorsCreateRequire } from 'node:module';\nconst require = __monitorsCreateRequire(import.meta.url);";

/**
 * commander requires child_process at its top, for the executable subcommands this CLI does
 * not have; loading it made every command load net, dgram and the rest of Node's process
 * modules. Here it is required when commander spawns, never at start.
 */
const lazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager))
        throw new Error(
          `${args.path}: no \`${eager}\` to make lazy (a new commander?): update scripts/esbuild-options.mjs`,
        );
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

export const NODE_ESM = {
  platform: 'node',
  format: 'esm',
  target: 'node20.18',
  legalComments: 'none',
  charset: 'ascii',
  logLevel: 'warning',
  banner: { js: REQUIRE_BANNER },
  plugins: [lazyChildProcess],
};

/**
 * An output file's text without the banner's `require` when nothing else in it says
 * `require`: each one made costs a start createRequire's work and an import of node:module.
 */
export function withoutUnusedRequire(text) {
  const at = text.indexOf(REQUIRE_BANNER);
  if (at < 0) return text;
  const rest = text.slice(0, at) + text.slice(at + REQUIRE_BANNER.length).replace(/^\n/, '');
  return /\brequire\b/.test(rest) ? text : rest;
}
