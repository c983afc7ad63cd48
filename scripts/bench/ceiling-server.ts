// The ceiling of the benches: a bare node:http server answering one fixed answer from memory, after
// reading the request's body (so a POST costs it what a POST costs the API).
//   ceiling-server.ts BYTES           a JSON body of about BYTES bytes (bench:api)
//   ceiling-server.ts --answer FILE   the status, headers and body in FILE (JSON: { headers, bodyBase64 }), sent as they are (bench:site)
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

function fixedAnswer(): { headers: OutgoingHttpHeaders; body: Buffer } {
  if (process.argv[2] === '--answer') {
    const { headers, bodyBase64 } = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as {
      headers: OutgoingHttpHeaders;
      bodyBase64: string;
    };
    return { headers, body: Buffer.from(bodyBase64, 'base64') };
  }
  const bodyBytes = Number(process.argv[2] ?? 1000);
  const body = Buffer.from(JSON.stringify({ status: true, data: 'x'.repeat(Math.max(0, bodyBytes - 30)) }));
  return { headers: { 'content-type': 'application/json; charset=UTF-8', 'content-length': body.length }, body };
}

const { headers, body } = fixedAnswer();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
