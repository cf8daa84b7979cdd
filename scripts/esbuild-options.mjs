// What the package's build (build-package.mjs) and the bundle (bundle.mjs) share: ES modules
// for Node 20.18, ASCII output, no legal comments (the bundle lists the licenses apart), and
// a `require` in every file, since an ES module has none: the sources require commander and
// ipaddr.js (src/cli/commander.ts, src/schema/ipaddr-lib.ts), and the CommonJS dependencies
// the bundle holds require Node's own modules.
export const NODE_ESM = {
  platform: 'node',
  format: 'esm',
  target: 'node20.18',
  legalComments: 'none',
  charset: 'ascii',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __monitorsCreateRequire } from 'node:module';\nconst require = __monitorsCreateRequire(import.meta.url);",
  },
};
