/**
 * Error messages recorded verbatim from real runs of this service's runners (API, URL, TCP and DNS checks, and
 * setup scripts in the child-process sandbox) against local targets, and the error groups they must form. The
 * targets: closed ports on 127.0.0.1 and ::1; a server that accepts and never answers (request, TCP and DNS
 * timeouts with different limits); HTTPS servers with self-signed certificates for api.picket.test and
 * status.picket.test; HTTPS servers with certificates of a test CA (trusted through NODE_EXTRA_CA_CERTS) for the
 * same names, reached as vm, runsc, localhost and 127.0.0.1 (all 127.0.0.1 in /etc/hosts), and one expired; https://
 * to a plain HTTP server (two processes); a JSON server whose values change on every request and whose /status
 * answers 500, 502 and 503; servers that reset or close the connection; the local DNS server of
 * test/helpers/targets/dns.ts (NXDOMAIN for names it does not know); .invalid names that do not resolve.
 */
export interface RealErrorGroup {
  /** What happened. */
  fault: string
  /** The group's cleaned message. */
  cleaned: string
  /** Raw messages of the runs, in the order they ran. */
  messages: string[]
}

export const REAL_ERROR_GROUPS: RealErrorGroup[] = [
  {
    fault: 'TLS: certificate of api.picket.test (test CA) reached as vm',
    cleaned: "TLS error: Hostname/IP does not match certificate's altnames: Host: vm. is not in the cert's altnames: DNS:api.picket.test",
    messages: ["TLS error: Hostname/IP does not match certificate's altnames: Host: vm. is not in the cert's altnames: DNS:api.picket.test"],
  },
  {
    fault: 'TLS: certificate of api.picket.test (test CA) reached as runsc',
    cleaned: "TLS error: Hostname/IP does not match certificate's altnames: Host: runsc. is not in the cert's altnames: DNS:api.picket.test",
    messages: ["TLS error: Hostname/IP does not match certificate's altnames: Host: runsc. is not in the cert's altnames: DNS:api.picket.test"],
  },
  {
    fault: 'TLS: certificate of api.picket.test (test CA) reached as localhost',
    cleaned: "TLS error: Hostname/IP does not match certificate's altnames: Host: localhost. is not in the cert's altnames: DNS:api.picket.test",
    messages: [
      "TLS error: Hostname/IP does not match certificate's altnames: Host: localhost. is not in the cert's altnames: DNS:api.picket.test",
      "TLS error: Hostname/IP does not match certificate's altnames: Host: localhost. is not in the cert's altnames: DNS:api.picket.test",
    ],
  },
  {
    fault: 'TLS: certificate of status.picket.test (test CA) reached as vm',
    cleaned: "TLS error: Hostname/IP does not match certificate's altnames: Host: vm. is not in the cert's altnames: DNS:status.picket.test",
    messages: ["TLS error: Hostname/IP does not match certificate's altnames: Host: vm. is not in the cert's altnames: DNS:status.picket.test"],
  },
  {
    fault: 'TLS: certificate of api.picket.test (test CA) reached by IP',
    cleaned: "TLS error: Hostname/IP does not match certificate's altnames: IP: <ip> is not in the cert's list:",
    messages: ["TLS error: Hostname/IP does not match certificate's altnames: IP: 127.0.0.1 is not in the cert's list: "],
  },
  {
    fault: 'TLS: expired certificate (test CA), as localhost and vm',
    cleaned: 'TLS error: certificate has expired',
    messages: ['TLS error: certificate has expired', 'TLS error: certificate has expired'],
  },
  {
    fault: 'connection refused on closed ports, IPv4 and IPv6 (API, URL and TCP checks)',
    cleaned: 'connect ECONNREFUSED <ip>:<port>',
    messages: [
      'connect ECONNREFUSED ::1:44017',
      'connect ECONNREFUSED ::1:36257',
      'connect ECONNREFUSED ::1:32773',
      'connect ECONNREFUSED 127.0.0.1:32903',
      'connect ECONNREFUSED 127.0.0.1:37557',
      'connect ECONNREFUSED 127.0.0.1:39755',
      'connect ECONNREFUSED 127.0.0.1:35577',
      'connect ECONNREFUSED 127.0.0.1:45069',
      'connect ECONNREFUSED 127.0.0.1:38405',
      'connect ECONNREFUSED 127.0.0.1:42299',
      'connect ECONNREFUSED 127.0.0.1:46547',
      'connect ECONNREFUSED 127.0.0.1:46149',
    ],
  },
  {
    fault: 'connection reset by the target',
    cleaned: 'read ECONNRESET',
    messages: ['read ECONNRESET'],
  },
  {
    fault: 'target closes the connection without answering',
    cleaned: 'socket hang up',
    messages: ['socket hang up', 'socket hang up'],
  },
  {
    fault: 'HTTP timeouts after different times (API and URL checks)',
    cleaned: 'Request timed out after <duration>',
    messages: [
      'Request timed out after 150 ms',
      'Request timed out after 275 ms',
      'Request timed out after 400 ms',
      'Request timed out after 200 ms',
      'Request timed out after 350 ms',
    ],
  },
  {
    fault: 'TCP timeouts after different times',
    cleaned: 'TCP connection to <ip>:<port> timed out after <duration>',
    messages: ['TCP connection to 127.0.0.1:38617 timed out after 180 ms', 'TCP connection to 127.0.0.1:38617 timed out after 320 ms'],
  },
  {
    fault: 'TLS: self-signed certificates of api.picket.test and status.picket.test',
    cleaned: 'TLS error: self-signed certificate',
    messages: ['TLS error: self-signed certificate', 'TLS error: self-signed certificate', 'TLS error: self-signed certificate'],
  },
  {
    fault: 'TLS: https:// to a plain HTTP server (two processes)',
    cleaned: 'TLS error: write EPROTO <hex>:error:<hex>:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:<num>:',
    messages: [
      'TLS error: write EPROTO 804C6E17F17F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n',
      'TLS error: write EPROTO 804C6E17F17F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n',
      'TLS error: write EPROTO 805C6331E17F0000:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/openssl/ssl/record/ssl3_record.c:350:\n',
    ],
  },
  {
    fault: 'assertion: JSON status with different received values',
    cleaned: 'Assertion failed: JSON_BODY $.status EQUALS <str> (actual: <str>)',
    messages: [
      'Assertion failed: JSON_BODY $.status EQUALS "ok" (actual: "down")',
      'Assertion failed: JSON_BODY $.status EQUALS "ok" (actual: "maintenance")',
      'Assertion failed: JSON_BODY $.status EQUALS "ok" (actual: "degraded")',
    ],
  },
  {
    fault: 'assertion: JSON number with different received values',
    cleaned: 'Assertion failed: JSON_BODY $.queueDepth LESS_THAN <str> (actual: <num>)',
    messages: [
      'Assertion failed: JSON_BODY $.queueDepth LESS_THAN "50" (actual: 108)',
      'Assertion failed: JSON_BODY $.queueDepth LESS_THAN "50" (actual: 125)',
      'Assertion failed: JSON_BODY $.queueDepth LESS_THAN "50" (actual: 142)',
    ],
  },
  {
    fault: 'assertion: JSON build id with different received values',
    cleaned: 'Assertion failed: JSON_BODY $.build EQUALS <str> (actual: <str>)',
    messages: ['Assertion failed: JSON_BODY $.build EQUALS "b7e1d2c3" (actual: "a7f3c9e71b")', 'Assertion failed: JSON_BODY $.build EQUALS "b7e1d2c3" (actual: "a8f3c9e81b")'],
  },
  {
    fault: 'assertion: request id header with different received UUIDs',
    cleaned: 'Assertion failed: HEADERS x-request-id EQUALS <str> (actual: <str>)',
    messages: [
      'Assertion failed: HEADERS x-request-id EQUALS "00000000-0000-4000-8000-000000000000" (actual: "78444b71-a04a-4212-aa9a-9939a663589b")',
      'Assertion failed: HEADERS x-request-id EQUALS "00000000-0000-4000-8000-000000000000" (actual: "d8c4a805-61ee-4d0b-895b-35039c871c16")',
    ],
  },
  {
    fault: 'assertion: JSON timestamp with different received values',
    cleaned: 'Assertion failed: JSON_BODY $.updatedAt EQUALS <str> (actual: <str>)',
    messages: [
      'Assertion failed: JSON_BODY $.updatedAt EQUALS "2026-01-01T00:00:00.000Z" (actual: "2026-06-01T12:11:07.000Z")',
      'Assertion failed: JSON_BODY $.updatedAt EQUALS "2026-01-01T00:00:00.000Z" (actual: "2026-06-01T12:12:07.000Z")',
    ],
  },
  {
    fault: 'assertion: response time',
    cleaned: 'Assertion failed: RESPONSE_TIME LESS_THAN <str> (actual: <num>)',
    messages: ['Assertion failed: RESPONSE_TIME LESS_THAN "0" (actual: 11.56)', 'Assertion failed: RESPONSE_TIME LESS_THAN "0" (actual: 7.65)'],
  },
  {
    fault: 'HTTP 500',
    cleaned: 'HTTP status <num> Internal Server Error',
    messages: ['HTTP status 500 Internal Server Error'],
  },
  {
    fault: 'HTTP 503 (twice)',
    cleaned: 'HTTP status <num> Service Unavailable',
    messages: ['HTTP status 503 Service Unavailable', 'HTTP status 503 Service Unavailable'],
  },
  {
    fault: 'HTTP 502',
    cleaned: 'HTTP status <num> Bad Gateway',
    messages: ['HTTP status 502 Bad Gateway'],
  },
  {
    fault: 'DNS check: NXDOMAIN for missing, gone and typo.example.test (local DNS server)',
    cleaned: 'DNS response code NXDOMAIN',
    messages: ['DNS response code NXDOMAIN', 'DNS response code NXDOMAIN', 'DNS response code NXDOMAIN'],
  },
  {
    fault: 'DNS check: RESPONSE_CODE assertion, NXDOMAIN for old-api and cdn-7.example.test',
    cleaned: 'Assertion failed: RESPONSE_CODE EQUALS <str> (actual: <str>)',
    messages: ['Assertion failed: RESPONSE_CODE EQUALS "NOERROR" (actual: "NXDOMAIN")', 'Assertion failed: RESPONSE_CODE EQUALS "NOERROR" (actual: "NXDOMAIN")'],
  },
  {
    fault: 'unresolvable host of an API check: api.picket-down.invalid',
    cleaned: 'DNS lookup of api.picket-down.invalid failed (ENOTFOUND)',
    messages: ['DNS lookup of api.picket-down.invalid failed (ENOTFOUND)', 'DNS lookup of api.picket-down.invalid failed (ENOTFOUND)'],
  },
  {
    fault: 'unresolvable host of an API check: status.picket-down.invalid',
    cleaned: 'DNS lookup of status.picket-down.invalid failed (ENOTFOUND)',
    messages: ['DNS lookup of status.picket-down.invalid failed (ENOTFOUND)'],
  },
  {
    fault: 'unresolvable host of a TCP check',
    cleaned: 'DNS lookup of db-7.picket-down.invalid failed (ENOTFOUND)',
    messages: ['DNS lookup of db-7.picket-down.invalid failed (ENOTFOUND)'],
  },
  {
    fault: 'setup script failing with different details',
    cleaned: 'Setup script <num> failed: token for tenant <num> expired at <timestamp> (line <num>)',
    messages: [
      'Setup script 1 failed: token for tenant 41 expired at 2026-06-01T12:07:00Z (line 1)',
      'Setup script 1 failed: token for tenant 97 expired at 2026-06-01T12:07:00Z (line 1)',
    ],
  },
  {
    fault: 'DNS query timeout over TCP',
    cleaned: 'DNS query to <ip>:<port> over TCP timed out after <duration>',
    messages: ['DNS query to 127.0.0.1:38617 over TCP timed out after 300 ms'],
  },
  {
    fault: 'DNS query over UDP to a closed port',
    cleaned: 'recvmsg ECONNREFUSED',
    messages: ['recvmsg ECONNREFUSED'],
  },
  {
    fault: 'over maxResponseTime',
    cleaned: 'Response time <duration> is over the maximum of <duration>',
    messages: ['Response time 2 ms is over the maximum of 0 ms'],
  },
]
