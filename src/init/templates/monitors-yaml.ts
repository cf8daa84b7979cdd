// monitors/monitors.yaml of `monitors init`: the fields the API requires, each explained
// once in defaults:, and one monitor of each common type. It validates as written, with
// no warning, and plans against `monitors sim` (tests/init).
export const MONITORS_YAML = `# yaml-language-server: $schema=./monitors-file.schema.json
# Your monitors: each item under monitors: is one monitor, with the fields of the monitoring
# API's monitor input. Keep as many files as you like under monitors/ (any names).
# \`monitors validate\` checks them offline; \`monitors plan\` shows what \`monitors apply\`
# would change. The whole format: docs/yaml-format.md of the monitors package.

# Fields every monitor of THIS file starts from; a monitor's own fields win. The API
# requires all of these (and name and url, which each monitor sets).
defaults:
  type: http                       # the check: http, keyword, json, ping, tcp, udp, dns, ssl, domain, heartbeat
  method: GET                      # the HTTP method of http, keyword and json checks
  interval_seconds: 300            # how often it is checked: 120 or more, one of the intervals your workspace enables
  timeout_seconds: 10              # how long one check may take: 2 to 60
  retry_count: 1                   # a failed check is tried again at once this many times: 0 to 5
  confirmation_attempts: 2         # failed checks in a row before an incident opens (and alerts): 1 to 5
  slow_threshold_ms: 2000          # an answer slower than this is "degraded": 100 to 60000
  expected_status_min: 200         # the HTTP statuses that count as up: from this one...
  expected_status_max: 299         # ...to this one (100 to 599)
  max_redirects: 5                 # redirects followed at most, when follow_redirects is true
  auth_type: none                  # none, basic (auth_username, auth_secret) or bearer (auth_secret)
  execution_mode: single_location  # local, single_location, or multi_location (with locations: [...])
  consensus_threshold: 1           # multi_location: how many locations must see it fail: 1 to 5

monitors:
  # http: up when the URL answers with a status from expected_status_min to expected_status_max.
  - name: "example: home page"
    url: https://www.example.com/

  # keyword: an http check whose body must contain the keyword (keyword_mode: absent, must not).
  - name: "example: home page shows its title"
    type: keyword
    url: https://www.example.com/
    keyword: Example Domain

  # json: an http check of a JSON answer: json_pointer picks a value, compared with json_expected.
  - name: "example: API health"
    type: json
    url: https://api.example.com/health
    json_pointer: /status
    json_operator: equals          # equals, not_equals, exists, not_exists
    json_expected: ok
    # An API that needs a token: auth_type: bearer and auth_secret: \${env:EXAMPLE_API_TOKEN}.
    # Secrets are always written \${env:NAME}, read from the environment, never stored.

  # ssl: the host's certificate is valid, for minimum_tls_days more days at least (port 443 unless port: is set).
  - name: "example: TLS certificate"
    type: ssl
    url: www.example.com
    minimum_tls_days: 14

  # tcp: a connection to the host's port opens.
  - name: "example: mail server"
    type: tcp
    url: mail.example.com
    port: 25

  # dns: the host has records of dns_record_type (with dns_expected: that one among them).
  - name: "example: DNS"
    type: dns
    url: www.example.com
    dns_record_type: A

  # domain: the domain's registration runs for minimum_domain_days more days at least.
  - name: "example: domain registration"
    type: domain
    url: example.com
    minimum_domain_days: 30

  # ping: the host answers ping (ICMP echo).
  - name: "example: ping"
    type: ping
    url: www.example.com

# Also: udp (port, udp_payload and udp_expected in hex) and heartbeat (your job calls the
# monitor; heartbeat_grace_seconds). To rename a monitor and keep its history, declare
# the rename under moved: ({from: old name, to: new name}).
`;
