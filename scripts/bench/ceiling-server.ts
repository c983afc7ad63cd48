// The ceiling for bench:api: a bare node:http server answering a fixed JSON body, after reading
// the request's body (so a POST costs it what a POST costs the API).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const bodyBytes = Number(process.argv[2] ?? 1000);
const body = JSON.stringify({ status: true, data: 'x'.repeat(Math.max(0, bodyBytes - 30)) });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
