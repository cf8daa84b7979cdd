// monitors/settings.yaml of `monitors init`: the settings of the whole set, each explained.
export const SETTINGS_YAML = `# yaml-language-server: $schema=./monitors-file.schema.json
# Settings of the whole set of monitors (at most one file of the set declares settings:).
settings:
  # Which live monitors a plan may delete: only those this tool manages, recorded in the
  # lock file (monitors/monitors.lock.json, written by apply). Monitors made in the
  # dashboard are listed as unmanaged and never touched.
  scope: lock
  # A plan that would delete more monitors than this, or more than this share of them, is
  # refused (--allow-mass-delete lets it through).
  max_deletes: 10
  max_delete_share: 0.5
  # Your API's base URL, ending in /api/v1. MONITORS_API_URL (or --api-url) wins over it.
  # api_url: https://monitoring.example.com/api/v1
`;
