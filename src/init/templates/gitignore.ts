// .gitignore of `monitors init`. With a CI workflow the lock file lives on the branch
// monitors-state, which apply pushes to; without one it is committed beside the YAML.
export function gitignore(lockOnBranch: boolean): string {
  const lock = lockOnBranch
    ? `# The lock file: CI keeps it on the branch monitors-state (apply --lock-branch), never on main.
monitors/monitors.lock.json
`
    : `# Commit the lock file (monitors/monitors.lock.json) after every apply: it is how plans see
# what the API does not return. It holds ids, names, values from the YAML and hashes, never a secret.
`;
  // No .env lines: monitors reads secrets from the environment only, never from a .env
  // file (docs/secrets.md says why), so there is no such file of its own to keep out of git.
  return `# Saved plans (monitors plan --out NAME.plan.json) and CI reports.
*.plan.json
monitors-ci/
node_modules/
${lock}`;
}
