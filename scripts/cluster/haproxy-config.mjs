/**
 * The reverse proxy's configuration for a cluster of app instances (issue 54): HAProxy from Debian's packages, one
 * backend of N instances checked on `/api/health` (readiness: an instance still building its search index, switching
 * builds or without its database answers 503 and gets no traffic), and retries a shopper never notices:
 * - a connection refused or reset before the request reached an instance (one killed a moment ago) is sent to another,
 *   whatever the method: nothing was done there;
 * - a request that reached an instance which then died without answering is sent again only when it is safe to repeat
 *   (GET, HEAD, OPTIONS); a POST is not repeated by the proxy, since the instance may have written it (checkout's
 *   idempotency key lets the client repeat it safely instead).
 * Pure: `scripts/cluster.mjs` writes it to a file; the docs' deployment section shows the same for real machines.
 */
export function haproxyConfig({ listen, instances, statsPort }) {
  const servers = instances.map(
    ({ name, host, port }) => `  server ${name} ${host}:${port} check inter 1s fall 2 rise 2 slowstart 5s`,
  );
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option http-server-close
  # A connection that failed goes to another instance (redispatch on every retry).
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend shop
  bind ${listen.host}:${listen.port}
  default_backend instances

backend instances
  balance roundrobin
  # Retries after the request was sent only for methods safe to repeat.
  acl repeatable method GET HEAD OPTIONS
  http-request disable-l7-retry if !repeatable
  # HTTP/1.1 with a Host: the shop refuses a request that names no host it serves.
  option httpchk
  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host ${listen.host}
  http-check expect status 200
${servers.join('\n')}
${
  statsPort
    ? `
listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /
  stats refresh 5s
`
    : ''
}`;
}
