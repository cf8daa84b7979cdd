// What the bundle (`npm run bundle`, scripts/bundle.mjs) fixes when it is built:
// its version, from package.json. Undefined when the CLI runs from the compiled files
// (dist/, the npm package), which read package.json instead.
declare const MONITORS_BUNDLE_VERSION: string | undefined;

export const BUNDLE_VERSION: string | undefined =
  typeof MONITORS_BUNDLE_VERSION === 'string' ? MONITORS_BUNDLE_VERSION : undefined;
